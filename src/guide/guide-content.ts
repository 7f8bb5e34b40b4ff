import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from 'src/common/project-root';

/** The free guide promised on newsletter signup (SPEC section 1). */
export const GUIDE_TITLE = '10 Must-Have Items for Your First Dive Trip';
export const GUIDE_FILENAME = '10-must-have-items-for-your-first-dive-trip.pdf';
export const GUIDE_PATH = `/guides/${GUIDE_FILENAME}`;

export interface GuideItem {
  name: string;
  why: string;
  tip: string;
}

export interface GuideContent {
  title: string;
  subtitle: string;
  intro: string;
  items: GuideItem[];
  closing: string;
}

const text = (value: unknown, where: string): string => {
  if (typeof value !== 'string' || !value.trim()) throw new Error(`first-dive-trip-guide.json: ${where} must be a non-empty string`);
  return value.trim();
};

/** Reads data/first-dive-trip-guide.json and checks its shape, so a bad edit fails loudly, not as a broken PDF. */
export function loadGuideContent(file = join(projectRoot(), 'data', 'first-dive-trip-guide.json')): GuideContent {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (!Array.isArray(raw.items) || raw.items.length !== 10) throw new Error('first-dive-trip-guide.json: items must hold exactly 10 entries');
  return {
    title: text(raw.title, 'title'),
    subtitle: text(raw.subtitle, 'subtitle'),
    intro: text(raw.intro, 'intro'),
    items: raw.items.map((item: Record<string, unknown>, i: number) => ({
      name: text(item?.name, `items[${i}].name`),
      why: text(item?.why, `items[${i}].why`),
      tip: text(item?.tip, `items[${i}].tip`),
    })),
    closing: text(raw.closing, 'closing'),
  };
}
