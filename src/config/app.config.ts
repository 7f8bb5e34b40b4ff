import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_SITE_TIMEZONE, isTimeZone } from 'core/site-time';

/** Every setting of the server, read once from the environment at start. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  siteUrl: string;
  siteName: string;
  sessionSecret: string;
  adminPassword: string | null;
  trustProxy: number;
  smtpUrl: string | null;
  mailFrom: string;
  contactEmail: string | null;
  tileUrl: string;
  tileAttribution: string;
  affiliateTag: string | null;
  analyticsId: string | null;
  seedOnStart: boolean;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** Rendered anonymous pages kept in memory (src/page-cache). On by default, off by default under NODE_ENV=test. */
  pageCache: boolean;
  /** Pages register the offline service worker (/sw.js). */
  serviceWorker: boolean;
  /** Benchmark aid: each rendered answer names its SQL query count in `X-SQL-Queries` (bench/README.md). */
  sqlCountHeader: boolean;
  /** Audit-log rows older than this many days are deleted (src/housekeeping). */
  auditRetentionDays: number;
  /** Hosts the image endpoint may fetch from (lower case); empty (the default): no remote images at all. */
  imageRemoteHosts: string[];
  /** The longest a remote image fetch may take, redirects included (its connect is capped lower). */
  imageRemoteTimeoutMs: number;
  /** The bearer token `/metrics` asks for; null: no `/metrics` at all. */
  metricsToken: string | null;
  /** The IANA zone times are shown and entered in (stored in UTC), e.g. 'Australia/Sydney'. */
  siteTimezone: string;
  /** Newsletter messages sent a second, at most (src/newsletter-issues). */
  newsletterRate: number;
  /** Seconds between 'Send Now' and the start of a newsletter send, in which it can be cancelled (issue 44). */
  newsletterSendDelaySeconds: number;
  /** Newsletter messages sent a second, at most, while the process is busy with readers (src/http/reader-traffic.ts). */
  newsletterBusyRate: number;
  /** Hours between scheduled checks of the purchase links (src/link-health); 0: only the admin's button. Off under test. */
  linkCheckIntervalHours: number;
  /** Issue 46: the marine forecast (src/forecast). null: off (FORECAST=off, interval 0, or NODE_ENV=test unless FORECAST=on). */
  forecast: ForecastConfig | null;
  /** Issue 45: `off`, divers' text reports publish at once; `on`, they wait for the administrator's approval. */
  reportsModeration: 'off' | 'on';
}

export interface ForecastConfig {
  /** Open-Meteo's Marine API (swell, waves, sea temperature). */
  marineUrl: string;
  /** Open-Meteo's Forecast API (wind). */
  weatherUrl: string;
  /** Open-Meteo's commercial `apikey`; null: the free, non-commercial endpoint. */
  apiKey: string | null;
  /** Hours between refreshes of every grid cell's forecast. */
  intervalHours: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid environment variable ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `expected ${min} to ${max}, got ${value}`);
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `expected a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL, got "${parsed.protocol}"`);
  }
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `expected one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

/** A Google Analytics measurement id such as G-ABC123DEF4 (it goes into a script URL and the CSP). */
function analyticsId(env: Env): string | null {
  const raw = read(env, 'ANALYTICS_ID');
  if (raw === undefined) return null;
  if (!/^[A-Z]{1,3}-[A-Z0-9]{4,20}$/.test(raw)) throw new ConfigError('ANALYTICS_ID', `expected a measurement id like G-ABC123DEF4, got "${raw}"`);
  return raw;
}

/** A comma-separated list of host names (no scheme, port or path), compared case-insensitively. */
/** Unset or empty: no host (an operator opts in by naming each one). */
function hostList(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  const hosts = raw
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(host)) {
      throw new ConfigError(name, `expected comma-separated host names, got "${host}"`);
    }
  }
  if (hosts.length === 0) throw new ConfigError(name, 'expected at least one host name');
  return hosts;
}

/** An IANA zone name the runtime knows, refused at start otherwise (a typo would shift every time shown). */
function timeZone(env: Env, name: string): string {
  const raw = read(env, name);
  if (raw === undefined) return DEFAULT_SITE_TIMEZONE;
  if (!isTimeZone(raw)) throw new ConfigError(name, `expected an IANA time zone such as Australia/Sydney or Australia/Perth, got "${raw}"`);
  return raw;
}

/** A secret kept under DATA_DIR so that sessions survive restarts when SESSION_SECRET is unset. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The environment a child process the server or a command starts (the PostgreSQL tools) runs in: this
 * process's own, with `extra` on top. Read here, as every setting is.
 */
export function childEnvironment(extra: Record<string, string> = {}, env: Env = process.env): Env {
  return { ...env, ...extra };
}

/**
 * The marine forecast's settings. FORECAST=off (or FORECAST_INTERVAL_HOURS=0) turns it off; under NODE_ENV=test
 * it is off unless FORECAST=on. The key is sent as `apikey` to whichever URLs are set (a commercial plan's
 * endpoints are set with FORECAST_MARINE_URL and FORECAST_WEATHER_URL as the plan names them).
 */
function forecastConfig(env: Env, nodeEnv: AppConfig['nodeEnv']): ForecastConfig | null {
  const onOff = oneOf(env, 'FORECAST', ['on', 'off'] as const, nodeEnv === 'test' ? 'off' : 'on');
  const intervalHours = integer(env, 'FORECAST_INTERVAL_HOURS', 3, 0, 168);
  const apiKey = read(env, 'FORECAST_API_KEY') ?? null;
  if (apiKey !== null && !/^[\w-]{8,128}$/.test(apiKey)) throw new ConfigError('FORECAST_API_KEY', 'expected 8 to 128 letters, digits, dashes or underscores');
  const marineUrl = url(env, 'FORECAST_MARINE_URL', ['http:', 'https:']);
  const weatherUrl = url(env, 'FORECAST_WEATHER_URL', ['http:', 'https:']);
  if (onOff === 'off' || intervalHours === 0) return null;
  return {
    marineUrl: marineUrl ?? 'https://marine-api.open-meteo.com/v1/marine',
    weatherUrl: weatherUrl ?? 'https://api.open-meteo.com/v1/forecast',
    apiKey,
    intervalHours,
  };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const dataDirRaw = read(env, 'DATA_DIR') ?? '.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const siteUrl = (url(env, 'SITE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const sessionSecret = read(env, 'SESSION_SECRET');
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET', 'must be at least 32 characters');
  }
  const adminPassword = read(env, 'ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 12) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 12 characters');
  }
  const mailFrom = read(env, 'MAIL_FROM');
  if (mailFrom !== undefined && !/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(mailFrom)) {
    throw new ConfigError('MAIL_FROM', `expected an email address, got "${mailFrom}"`);
  }
  const contactEmail = read(env, 'CONTACT_EMAIL');
  if (contactEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) {
    throw new ConfigError('CONTACT_EMAIL', `expected an email address, got "${contactEmail}"`);
  }
  const tileUrl = read(env, 'TILE_URL') ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
  if (!/\{z\}/.test(tileUrl) || !/\{x\}/.test(tileUrl) || !/\{y\}/.test(tileUrl)) {
    throw new ConfigError('TILE_URL', 'must contain {z}, {x} and {y}');
  }
  const metricsToken = read(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN', 'must be 16 to 256 printable characters without spaces');
  }
  const affiliateTag = read(env, 'AFFILIATE_TAG');
  if (affiliateTag !== undefined && !/^[\w.-]{1,64}$/.test(affiliateTag)) {
    throw new ConfigError('AFFILIATE_TAG', 'expected letters, digits, dots, dashes or underscores');
  }

  return {
    forecast: forecastConfig(env, nodeEnv),
    nodeEnv,
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) ?? null,
    dataDir,
    siteUrl,
    siteName: read(env, 'SITE_NAME') ?? 'Australian Dive Guide',
    sessionSecret: sessionSecret ?? persistedSecret(dataDir),
    adminPassword: adminPassword ?? null,
    trustProxy: integer(env, 'TRUST_PROXY', 0, 0, 10),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']) ?? null,
    mailFrom: mailFrom ?? `Australian Dive Guide <no-reply@${new URL(siteUrl).hostname}>`,
    contactEmail: contactEmail ?? null,
    tileUrl,
    tileAttribution: read(env, 'TILE_ATTRIBUTION') ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    affiliateTag: affiliateTag ?? null,
    analyticsId: analyticsId(env),
    seedOnStart: flag(env, 'SEED_ON_START', true),
    logLevel: oneOf(env, 'LOG_LEVEL', ['error', 'warn', 'log', 'debug'] as const, 'log'),
    pageCache: flag(env, 'PAGE_CACHE', nodeEnv !== 'test'),
    // Off under test: a worker's own fetches pass by the request routing the browser tests rely on (the offline test turns it on).
    serviceWorker: flag(env, 'SERVICE_WORKER', nodeEnv !== 'test'),
    sqlCountHeader: flag(env, 'BENCH_SQL_COUNT', false),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36_500),
    imageRemoteHosts: hostList(env, 'IMAGE_REMOTE_HOSTS'),
    imageRemoteTimeoutMs: integer(env, 'IMAGE_REMOTE_TIMEOUT_MS', 10_000, 1_000, 60_000),
    siteTimezone: timeZone(env, 'SITE_TIMEZONE'),
    metricsToken: metricsToken ?? null,
    newsletterRate: integer(env, 'NEWSLETTER_RATE', 50, 1, 10_000),
    newsletterSendDelaySeconds: integer(env, 'NEWSLETTER_SEND_DELAY_SECONDS', nodeEnv === 'test' ? 0 : 30, 0, 3600),
    newsletterBusyRate: integer(env, 'NEWSLETTER_BUSY_RATE', 10, 1, 10_000),
    linkCheckIntervalHours: integer(env, 'LINK_CHECK_INTERVAL_HOURS', nodeEnv === 'test' ? 0 : 24, 0, 8_760),
    reportsModeration: oneOf(env, 'REPORTS_MODERATION', ['off', 'on'] as const, 'off'),
  };
}
