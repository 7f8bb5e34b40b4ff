import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from 'src/config/app.config';

const dir = () => mkdtempSync(join(tmpdir(), 'adg-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = dir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.siteName).toBe('Australian Dive Guide');
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(0);
    expect(config.smtpUrl).toBeNull();
    expect(config.tileUrl).toContain('{z}/{x}/{y}');
    expect(config.auditRetentionDays).toBe(365);
    expect(config.imageRemoteHosts).toEqual([]);
    expect(config.imageRemoteTimeoutMs).toBe(10_000);
    expect(config.metricsToken).toBeNull();
    expect(config.reportsModeration).toBe('off');
  });

  it('fetches no remote images unless IMAGE_REMOTE_HOSTS names the hosts (unset or empty: none)', () => {
    expect(loadConfig({ DATA_DIR: dir() }).imageRemoteHosts).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir(), IMAGE_REMOTE_HOSTS: '' }).imageRemoteHosts).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir(), IMAGE_REMOTE_HOSTS: 'images.example.com' }).imageRemoteHosts).toEqual(['images.example.com']);
  });

  it('defaults DATA_DIR to .data under the working directory', () => {
    const cwd = dir();
    expect(loadConfig({}, cwd).dataDir).toBe(join(cwd, '.data'));
  });

  it('generates a session secret once and keeps it under DATA_DIR', () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://localhost/db', /DATABASE_URL/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL/],
    ['SITE_URL', 'ftp://example.com', /SITE_URL/],
    ['SESSION_SECRET', 'short', /SESSION_SECRET/],
    ['ADMIN_PASSWORD', 'password', /ADMIN_PASSWORD/],
    ['TRUST_PROXY', 'yes', /TRUST_PROXY/],
    ['SMTP_URL', 'http://mail', /SMTP_URL/],
    ['TILE_URL', 'https://tiles.example.com/tile.png', /TILE_URL/],
    ['SEED_ON_START', 'maybe', /SEED_ON_START/],
    ['NODE_ENV', 'staging', /NODE_ENV/],
    ['ANALYTICS_ID', '"><script>', /ANALYTICS_ID/],
    ['AUDIT_RETENTION_DAYS', '0', /AUDIT_RETENTION_DAYS/],
    ['AUDIT_RETENTION_DAYS', 'a year', /AUDIT_RETENTION_DAYS/],
    ['IMAGE_REMOTE_HOSTS', 'https://images.example.com', /IMAGE_REMOTE_HOSTS/],
    ['IMAGE_REMOTE_HOSTS', 'images.example.com/path', /IMAGE_REMOTE_HOSTS/],
    ['IMAGE_REMOTE_HOSTS', ' , ', /IMAGE_REMOTE_HOSTS/],
    ['IMAGE_REMOTE_TIMEOUT_MS', '500', /IMAGE_REMOTE_TIMEOUT_MS/],
    ['METRICS_TOKEN', 'short', /METRICS_TOKEN/],
    ['METRICS_TOKEN', 'a token with spaces in it', /METRICS_TOKEN/],
    ['REPORTS_MODERATION', 'yes', /REPORTS_MODERATION/],
  ])('stops with a message naming %s when it is %p', (name, value, pattern) => {
    const attempt = () => loadConfig({ DATA_DIR: dir(), [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(pattern);
  });

  it('accepts a full production configuration', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/dive',
      SITE_URL: 'https://www.example.com.au/',
      SESSION_SECRET: 'a'.repeat(40),
      ADMIN_PASSWORD: 'correct horse battery staple',
      TRUST_PROXY: '1',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      ANALYTICS_ID: 'G-ABC123DEF4',
      IMAGE_REMOTE_HOSTS: 'Images.Example.com, cdn.example.net',
      IMAGE_REMOTE_TIMEOUT_MS: '5000',
    });
    expect(config).toMatchObject({
      imageRemoteHosts: ['images.example.com', 'cdn.example.net'],
      imageRemoteTimeoutMs: 5000,
      analyticsId: 'G-ABC123DEF4',
      port: 8080,
      siteUrl: 'https://www.example.com.au',
      trustProxy: 1,
      databaseUrl: 'postgres://u:p@db:5432/dive',
    });
  });
});
