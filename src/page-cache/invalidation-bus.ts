import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { PAGE_CACHE_CHANNEL, invalidationPayload, parseInvalidation } from './notify';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
const ACK_TIMEOUT_MS = 1000;
/** Where each process acknowledges an invalidation. */
const ACK_CHANNEL = 'page_cache_ack';
/** A process says here that it started or stopped listening: every process counts the listeners again. */
const MEMBERS_CHANNEL = 'page_cache_members';
/** The listener connections' application_name, by which the listening processes are counted. */
const LISTENER_NAME = 'adg-page-cache';

/** What the bus tells the cache of this process (PageCacheService). */
export interface InvalidationHandlers {
  /** Another process's invalidation: drop (or mark stale) what shows `changed` (everything when null). */
  changed(changed: readonly string[] | null, stale: boolean): void;
  /**
   * The listener connection was lost, or is (back) up: what is kept may have missed a notification, so
   * it is emptied (nothing is kept or served while the connection is down: see `listening`).
   */
  reset(): void;
}

/**
 * The page cache's notifications between processes, through PostgreSQL: one dedicated connection per
 * process LISTENs for invalidations, acknowledges each, and says when a process joins or leaves; a
 * writer's `publish` sends NOTIFY and resolves once every listening process (counted in
 * pg_stat_activity by the connections' application_name) has acknowledged, or after ACK_TIMEOUT_MS. A
 * lost connection is reconnected with a growing delay (RECONNECT_MIN_MS to RECONNECT_MAX_MS).
 */
export class InvalidationBus {
  private readonly logger = new Logger('PageCache');
  private listener: Client | null = null;
  private on = false;
  private closed = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly instanceId = randomUUID();
  /** This process's invalidations waiting for every listening process to acknowledge them. */
  private readonly waiting = new Map<string, { remaining: number; done: () => void }>();
  private invalidations = 0;
  /**
   * How many processes listen (this one included), as last counted in pg_stat_activity, or null when it
   * must be counted again: counted once, not for every write (the count costs PostgreSQL more than the
   * write), and again when a process says it joined or left, or when an acknowledgement did not come (a
   * process gone without a word). `membership` tells a count that a change arrived while it ran.
   */
  private processCount: number | null = null;
  private membership = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly handlers: InvalidationHandlers,
  ) {}

  /** Whether this process hears the others' invalidations now. */
  get listening(): boolean {
    return this.on;
  }

  /** Connects the listener (and keeps reconnecting it when lost, until `close`). */
  start(): Promise<void> {
    return this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.on = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    // The others count one listener fewer from now (not by counting: this connection is still open).
    await listener?.query('SELECT pg_notify($1, $2)', [MEMBERS_CHANNEL, 'left']).catch(() => undefined);
    await listener?.end().catch(() => undefined);
  }

  /**
   * Tells every process of an invalidation (`changed` tags, or everything when null; `stale`: marked
   * stale, not dropped), resolving once every listening process has acknowledged it, or after ACK_TIMEOUT_MS.
   */
  async publish(changed: readonly string[] | null, stale: boolean): Promise<void> {
    const token = `${this.instanceId}:${++this.invalidations}`;
    let acknowledged: Promise<void> = Promise.resolve();
    try {
      if (this.on) acknowledged = this.awaitAcknowledgements(token, await this.listeningProcesses());
      await this.dataSource.query('SELECT pg_notify($1, $2)', [PAGE_CACHE_CHANNEL, invalidationPayload(token, changed, stale)]);
    } catch (error) {
      this.logger.error(`NOTIFY ${PAGE_CACHE_CHANNEL} failed: ${(error as Error).message}`);
      this.settle(token);
    }
    await acknowledged;
  }

  /** The processes listening on the database, this one included (see processCount). */
  private async listeningProcesses(): Promise<number> {
    if (this.processCount !== null) return this.processCount;
    const membership = this.membership;
    const rows: { n: number }[] = await this.dataSource.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [LISTENER_NAME],
    );
    const count = rows[0]?.n ?? 0;
    // A process that joined or left during the count makes it one to do again next time.
    if (membership === this.membership) this.processCount = count;
    return count;
  }

  private membershipChanged(): void {
    this.membership++;
    this.processCount = null;
  }

  private awaitAcknowledgements(token: string, count: number): Promise<void> {
    if (count <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // A process did not answer: it may have gone without a word. Count again next time.
        this.membershipChanged();
        this.settle(token);
      }, ACK_TIMEOUT_MS);
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

  private async connect(): Promise<void> {
    if (this.closed) return;
    const url = (this.dataSource.options as { url?: string }).url;
    // Named, so that a writer can count the listening processes in pg_stat_activity.
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: LISTENER_NAME });
    this.listener = client;
    const lost = (reason: string) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.on = false;
      this.handlers.reset();
      for (const token of [...this.waiting.keys()]) this.settle(token);
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(`listener connection lost (${reason}); page cache off until it is back`);
      this.scheduleReconnect();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('closed'));
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (message.channel === PAGE_CACHE_CHANNEL) {
        const { from: token, changed, stale } = parseInvalidation(payload);
        // This process's own invalidation coming back finds its answers already dropped.
        if (!token.startsWith(`${this.instanceId}:`)) this.handlers.changed(changed, stale);
        // A server's invalidation (not the seed's) waits for every process to say it has dropped them.
        if (token.includes(':')) client.query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, token]).catch(() => undefined);
      } else if (message.channel === MEMBERS_CHANNEL) {
        const counted = this.processCount;
        this.membershipChanged();
        // One that joined is counted with the others; one that left is still connected as it says so.
        if (message.payload === 'left' && counted !== null) this.processCount = Math.max(1, counted - 1);
      } else if (message.channel === ACK_CHANNEL) {
        const token = payload;
        const waiting = this.waiting.get(token);
        if (waiting && --waiting.remaining <= 0) this.settle(token);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PAGE_CACHE_CHANNEL}; LISTEN ${ACK_CHANNEL}; LISTEN ${MEMBERS_CHANNEL}`);
      if (this.listener !== client) return;
      // Every process (this one too, hearing its own) counts the listeners again, this one among them.
      this.membershipChanged();
      await client.query('SELECT pg_notify($1, $2)', [MEMBERS_CHANNEL, 'joined']);
      if (this.listener !== client) return;
      // Whatever was cached may have missed a notification while the connection was down.
      this.handlers.reset();
      this.on = true;
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
