import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { linkHealthSummary, type CheckedLink, type LinkHealthReport, type LinkState } from 'core/api/link-health';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { hostPacer } from './host-pacer';
import { LINK_CHECK_OPTIONS, LinkChecker, type LinkCheckOptions, type LinkCheckResult } from './link-checker';

/** The advisory lock a running check holds, in whichever process runs it: 'lh'. */
export const RUN_LOCK = [0x6c68, 0] as const;
/** Hosts asked at once (each host still one request a second). */
const HOSTS_AT_ONCE = 4;
/** How often a process looks whether the scheduled check is due. */
const DUE_CHECK_MS = 15 * 60 * 1000;

interface StoredLink {
  kind: 'review' | 'product';
  slug: string;
  title: string;
  url: string;
}

interface ReportRow extends StoredLink {
  state: LinkState | null;
  httpStatus: number | null;
  finalUrl: string | null;
  detail: string | null;
  checkedAt: Date | null;
}

/** Every purchase link the site stores: reviews' 'Check Price' links and products' affiliate links. */
const STORED_LINKS = `
  SELECT 'review' AS kind, slug, title, "purchaseLink" AS url FROM reviews WHERE "purchaseLink" <> ''
  UNION ALL
  SELECT 'product' AS kind, id::text AS slug, name AS title, "affiliateLink" AS url FROM products WHERE "affiliateLink" <> ''`;

const host = (link: string): string => {
  try {
    return new URL(link).hostname.toLowerCase();
  } catch {
    return '';
  }
};

/**
 * Purchase-link health (issue 32): asks every stored purchase link whether it still leads to a product,
 * on a schedule (LINK_CHECK_INTERVAL_HOURS) and when the administrator presses 'Check purchase links'.
 * One check runs at a time across every process (an advisory lock held for the run, which is also how any
 * process knows one is running); requests to one host are one a second at most, hosts asked side by side.
 * Each link's result is kept with the URL it was asked at, so a link edited since shows as not checked.
 */
@Injectable()
export class LinkHealthService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LinkHealth');
  private readonly checker: LinkChecker;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LINK_CHECK_OPTIONS) private readonly options: LinkCheckOptions,
  ) {
    this.checker = new LinkChecker(options);
  }

  onApplicationBootstrap(): void {
    if (this.config.linkCheckIntervalHours === 0) return;
    // unref: the timer never keeps a stopping process alive.
    this.timer = setInterval(() => {
      this.startIfDue().catch((error: Error) => this.logger.warn(`Scheduled link check failed to start: ${error.message}`));
    }, DUE_CHECK_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Starts the scheduled check when the last one finished LINK_CHECK_INTERVAL_HOURS ago or never ran. */
  async startIfDue(): Promise<boolean> {
    const [{ last }]: { last: Date | null }[] = await this.dataSource.query('SELECT max(checked_at) AS last FROM link_checks');
    const dueAt = last ? last.getTime() + this.config.linkCheckIntervalHours * 3_600_000 : 0;
    return this.clock.now().getTime() >= dueAt ? this.start() : false;
  }

  /** Starts a check of every link in this process; false when one is already running in any process. */
  async start(): Promise<boolean> {
    if (this.running) return false;
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const [{ locked }]: { locked: boolean }[] = await runner.query('SELECT pg_try_advisory_lock($1, $2) AS locked', [...RUN_LOCK]);
    if (!locked) {
      await runner.release();
      return false;
    }
    this.running = this.checkAll()
      .catch((error: Error) => this.logger.warn(`Link check failed: ${error.message}`))
      .finally(async () => {
        await runner.query('SELECT pg_advisory_unlock($1, $2)', [...RUN_LOCK]).catch(() => undefined);
        await runner.release();
        this.running = null;
      });
    return true;
  }

  /** The run started here, when there is one (tests and a graceful stop wait for it). */
  whenIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async report(): Promise<LinkHealthReport> {
    const [rows, [{ running }], [{ last }]] = await Promise.all([
      this.dataSource.query(
        `SELECT l.kind, l.slug, l.title, l.url, c.state, c.http_status AS "httpStatus", c.final_url AS "finalUrl", c.detail, c.checked_at AS "checkedAt"
           FROM (${STORED_LINKS}) l
           LEFT JOIN link_checks c ON c.kind = l.kind AND c.slug = l.slug AND c.url = l.url
          ORDER BY l.kind DESC, l.title`,
      ) as Promise<ReportRow[]>,
      // pg_locks lists every database of the server: only this site's database's lock is its check.
      this.dataSource.query(
        `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND granted
                          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS running`,
        [...RUN_LOCK],
      ) as Promise<{ running: boolean }[]>,
      this.dataSource.query('SELECT max(checked_at) AS last FROM link_checks') as Promise<{ last: Date | null }[]>,
    ]);
    const links: CheckedLink[] = rows.map((row) => ({ ...row, checkedAt: row.checkedAt?.toISOString() ?? null }));
    return { running, lastCheckedAt: last?.toISOString() ?? null, links };
  }

  private async checkAll(): Promise<void> {
    const links: StoredLink[] = await this.dataSource.query(STORED_LINKS);
    const byHost = new Map<string, StoredLink[]>();
    for (const link of links) byHost.set(host(link.url), [...(byHost.get(host(link.url)) ?? []), link]);
    const paced = hostPacer(this.options.perHostIntervalMs);
    const queue = [...byHost.values()];
    const checked: Pick<CheckedLink, 'state' | 'url'>[] = [];
    const worker = async () => {
      for (let group = queue.shift(); group; group = queue.shift())
        for (const link of group) {
          const result = await this.checker.check(link.url, paced);
          checked.push({ state: result.state, url: link.url });
          await this.save(link, result);
        }
    };
    await Promise.all(Array.from({ length: Math.min(HOSTS_AT_ONCE, queue.length) }, worker));
    const shops = byHost.size === 1 ? '1 shop' : `${byHost.size} shops`;
    this.logger.log(`Checked ${links.length} purchase links at ${shops}: ${linkHealthSummary(checked)}`);
  }

  private async save(link: StoredLink, result: LinkCheckResult): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO link_checks (kind, slug, url, state, http_status, final_url, detail, checked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (kind, slug) DO UPDATE SET url = EXCLUDED.url, state = EXCLUDED.state, http_status = EXCLUDED.http_status,
         final_url = EXCLUDED.final_url, detail = EXCLUDED.detail, checked_at = EXCLUDED.checked_at`,
      [link.kind, link.slug, link.url, result.state, result.httpStatus, result.finalUrl, result.detail, this.clock.now()],
    );
  }
}
