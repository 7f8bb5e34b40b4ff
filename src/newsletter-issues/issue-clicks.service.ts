import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { issueSource, SOURCE_PARAM } from 'core/issue-source';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { siteDay, visitHash, visitorKey, visitorNetwork } from 'src/insights/counting';
import { RecentVisits } from 'src/insights/recent-visits';
import { MAX_ID } from 'src/validation/id.pipe';

/** A reader's repeat clicks on one issue link within this long count once (remembered in memory only). */
export const REPEAT_LINK_CLICK_MS = 60_000;
const MAX_REMEMBERED = 20_000;
const MAX_REMEMBERED_BYTES = 2 * 1024 * 1024;

/** One link of an issue, with its clicks. */
export interface IssueLinkFigure {
  id: number;
  url: string;
  label: string;
  clicks: number;
}

/** What an issue's links were clicked: per link, and per day (YYYY-MM-DD, the site's time zone). */
export interface IssueClickFigures {
  clicks: number;
  links: IssueLinkFigure[];
  daily: { day: string; clicks: number }[];
}

const idOf = (value: string): number | null => (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : null);

/**
 * The clicks on newsletter issues' links (issue 44 item 6), through the site's own redirect
 * `/r/{issueId}/{linkId}`: a count per link per day and nothing else. A reader's repeats within a minute
 * count once, by a keyed hash of their network, the day and the link that lives only in this process's
 * memory for that minute (as page views do): no address, email, subscriber or cookie is ever written.
 */
@Injectable()
export class IssueClicksService {
  private readonly key: Buffer;
  private readonly recent = new RecentVisits(REPEAT_LINK_CLICK_MS, MAX_REMEMBERED, MAX_REMEMBERED_BYTES);
  /** When the remembered clicks were last cleared of those whose minute passed (at most every few seconds). */
  private prunedAt = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = visitorKey(config.sessionSecret);
  }

  /**
   * Where `/r/{issue}/{link}` sends the reader: the link's address when that issue's email carried it; a
   * page of the site as its path with `?source=issue-{id}` added (so a purchase link followed there is
   * counted for the issue); 404 for any other pair, so the redirect never goes anywhere else.
   */
  async destination(issue: string, link: string): Promise<{ linkId: number; location: string }> {
    const issueId = idOf(issue);
    const linkId = idOf(link);
    const rows: { url: string }[] =
      issueId && linkId ? await this.dataSource.query(`SELECT "url" FROM "newsletter_issue_links" WHERE "id" = $1 AND "issueId" = $2`, [linkId, issueId]) : [];
    const url = rows.length && URL.canParse(rows[0].url) ? new URL(rows[0].url) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new NotFoundException('Link not found');
    if (url.origin !== new URL(this.config.siteUrl).origin) return { linkId: linkId!, location: url.href };
    url.searchParams.set(SOURCE_PARAM, issueSource(issueId!));
    // A path of its own (a doubled slash would read as another host): the reader stays on the address they use.
    return { linkId: linkId!, location: `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}` };
  }

  /** Counts a reader's click on a link (`address`: theirs, used for the minute's repeat check in memory and then forgotten). */
  async count(linkId: number, address: string): Promise<void> {
    const now = this.clock.now();
    const day = siteDay(now, this.config.siteTimezone);
    if (!this.recent.first(visitHash(this.key, visitorNetwork(address), day, `issue-link/${linkId}`), now.getTime())) return;
    await this.dataSource.query(
      `INSERT INTO "newsletter_link_clicks" ("linkId", "day", "clicks") VALUES ($1, $2, 1)
       ON CONFLICT ("linkId", "day") DO UPDATE SET "clicks" = "newsletter_link_clicks"."clicks" + 1`,
      [linkId, day],
    );
    if (now.getTime() - this.prunedAt > 5_000) {
      this.prunedAt = now.getTime();
      this.recent.prune(now.getTime());
    }
  }

  /** An issue's links (in the order the email met them), each with its clicks, and the clicks per day. */
  async figures(issueId: number): Promise<IssueClickFigures> {
    const [links, daily]: [IssueLinkFigure[], { day: string; clicks: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT l."id", l."url", l."label", COALESCE(SUM(c."clicks"), 0)::int AS "clicks"
           FROM "newsletter_issue_links" l LEFT JOIN "newsletter_link_clicks" c ON c."linkId" = l."id"
          WHERE l."issueId" = $1 GROUP BY l."id" ORDER BY l."id"`,
        [issueId],
      ),
      this.dataSource.query(
        `SELECT to_char(c."day", 'YYYY-MM-DD') AS "day", SUM(c."clicks")::int AS "clicks"
           FROM "newsletter_link_clicks" c JOIN "newsletter_issue_links" l ON l."id" = c."linkId"
          WHERE l."issueId" = $1 GROUP BY c."day" ORDER BY c."day"`,
        [issueId],
      ),
    ]);
    return { clicks: links.reduce((sum, link) => sum + link.clicks, 0), links, daily };
  }
}
