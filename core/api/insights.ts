/** The periods the Insights tab offers, in days. */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** One day of a series: page views and purchase-link clicks of the whole site. */
export interface InsightDay {
  day: string;
  views: number;
  clicks: number;
}

/** A page the readers read, with its views in the period. */
export interface InsightPage {
  title: string;
  path: string;
  views: number;
}

/** A purchase link with its clicks, and for a review the views of its page and the click-through rate. */
export interface InsightLink {
  kind: 'review' | 'product';
  slug: string;
  title: string;
  clicks: number;
  /** Views of the review's page; null for a product (no page of its own). */
  views: number | null;
  /** clicks / views, 0 to 1; null without views. */
  clickThroughRate: number | null;
}

/**
 * Purchase-link clicks by where they came from (issue 44 item 6): the link, the review page the click was
 * made on, and the newsletter issue whose link brought the reader (null: another page, or none known).
 */
export interface InsightSource {
  kind: 'review' | 'product';
  slug: string;
  /** The link's review or product. */
  title: string;
  review: { slug: string; title: string } | null;
  issue: { id: number; subject: string } | null;
  clicks: number;
  /** The last day with such a click (YYYY-MM-DD, the site's time zone). */
  lastDay: string;
}

export interface InsightsReport {
  days: InsightPeriod;
  /** The first and last day of the period (YYYY-MM-DD, the site's time zone). */
  from: string;
  to: string;
  totals: { views: number; clicks: number };
  daily: InsightDay[];
  topArticles: InsightPage[];
  topReviews: InsightPage[];
  topDiveSites: InsightPage[];
  links: InsightLink[];
  /** The period's purchase-link clicks by source, most first. */
  sources: InsightSource[];
}
