import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { PAGE_CACHE_CHANNEL, notifyContentChanged } from './notify';


/** Bounds: entries, bytes, and age (pages show times relative to the render, e.g. "3 days ago"). */
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
export const ENTRY_TTL_MS = 60_000;
const RECONNECT_MIN_MS = 250;
const ACK_TIMEOUT_MS = 1000;
/** Where each process acknowledges an invalidation; and the listener connections' application_name. */
const ACK_CHANNEL = 'page_cache_ack';
const LISTENER_NAME = 'adg-page-cache';
const RECONNECT_MAX_MS = 10_000;

export interface CachedPage {
  body: Buffer;
  contentType: string;
  etag: string;
  storedAt: number;
  /** The body compressed, made on the first hit that accepts it (the byte bound counts only `body`). */
  gzip?: Buffer;
  br?: Buffer;
}

/** A strong validator of the body's bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Rendered anonymous pages, in this process's memory (least recently used first out), emptied at once
 * in every process when content changes: the writing process empties its own and sends NOTIFY on
 * PostgreSQL; every process LISTENs on one dedicated connection, empties its cache and acknowledges, and
 * the write answers once all have (see invalidate). While that connection is down nothing
 * is served from or kept in the cache (a notification could be missed), and it is emptied on reconnect.
 */
@Injectable()
export class PageCacheService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PageCache');
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  /** Bumped by every invalidation: a render that began before one is never kept. */
  private generationCounter = 0;
  private listener: Client | null = null;
  private listening = false;
  private closed = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly instanceId = randomUUID();
  /** This process's invalidations waiting for every listening process to acknowledge them. */
  private readonly waiting = new Map<string, { remaining: number; done: () => void }>();
  private invalidations = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  get enabled(): boolean {
    return this.config.pageCache;
  }

  /** Whether the cache may be read and written now. */
  get active(): boolean {
    return this.config.pageCache && this.listening && !this.closed;
  }

  get generation(): number {
    return this.generationCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.pageCache) await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.clear();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  get(key: string): CachedPage | null {
    if (!this.active) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (Date.now() - entry.storedAt > ENTRY_TTL_MS) {
      this.delete(key);
      return null;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps a render, unless content changed since it began (`generation` as read at its start). */
  set(key: string, page: Omit<CachedPage, 'storedAt'>, generation: number): void {
    if (!this.active || generation !== this.generationCounter || page.body.length > MAX_BYTES / 8) return;
    this.delete(key);
    this.entries.set(key, { ...page, storedAt: Date.now() });
    this.bytes += page.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.bytes -= entry.body.length;
      this.entries.delete(oldest);
    }
  }

  /** Empties this process's cache now. */
  clear(): void {
    this.generationCounter++;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Content changed: empty this process's cache, and tell every other process through PostgreSQL. It
   * resolves once every process listening on the database (this one included, counted beforehand in
   * pg_stat_activity) has acknowledged that its cache is empty, or after 1 s: so when the writer
   * answers, no process serves the old page any more.
   */
  async invalidate(): Promise<void> {
    this.clear();
    if (!this.config.pageCache) return;
    const token = `${this.instanceId}:${++this.invalidations}`;
    let acknowledged: Promise<void> = Promise.resolve();
    try {
      if (this.listening) {
        const rows: { n: number }[] = await this.dataSource.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
          [LISTENER_NAME],
        );
        acknowledged = this.awaitAcknowledgements(token, rows[0]?.n ?? 0);
      }
      await notifyContentChanged(this.dataSource, token);
    } catch (error) {
      this.logger.error(`NOTIFY ${PAGE_CACHE_CHANNEL} failed: ${(error as Error).message}`);
      this.settle(token);
    }
    await acknowledged;
  }

  private awaitAcknowledgements(token: string, count: number): Promise<void> {
    if (count <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(token), ACK_TIMEOUT_MS);
      this.waiting.set(token, {
        remaining: count,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  private settle(token: string): void {
    const waiting = this.waiting.get(token);
    this.waiting.delete(token);
    waiting?.done();
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const url = (this.dataSource.options as { url?: string }).url;
    // Named, so that a writer can count the listening processes in pg_stat_activity.
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: LISTENER_NAME });
    this.listener = client;
    const lost = (reason: string) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      this.clear();
      for (const token of [...this.waiting.keys()]) this.settle(token);
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(`listener connection lost (${reason}); page cache off until it is back`);
      this.scheduleReconnect();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('closed'));
    client.on('notification', (message) => {
      const token = message.payload ?? '';
      if (message.channel === PAGE_CACHE_CHANNEL) {
        // This process's own invalidation coming back finds its cache already empty.
        if (!token.startsWith(`${this.instanceId}:`)) this.clear();
        // A server's invalidation (not the seed's) waits for every process to say its cache is empty.
        if (token.includes(':')) client.query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, token]).catch(() => undefined);
      } else if (message.channel === ACK_CHANNEL) {
        const waiting = this.waiting.get(token);
        if (waiting && --waiting.remaining <= 0) this.settle(token);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PAGE_CACHE_CHANNEL}; LISTEN ${ACK_CHANNEL}`);
      if (this.listener !== client) return;
      // Whatever was cached may have missed a notification while the connection was down.
      this.clear();
      this.listening = true;
      this.reconnectDelay = RECONNECT_MIN_MS;
    } catch (error) {
      lost((error as Error).message);
    }
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closed) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }
}
