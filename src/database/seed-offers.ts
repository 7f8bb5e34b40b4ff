import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@nestjs/common';
import type { DataSource, ObjectLiteral } from 'typeorm';
import { offerKey, purchaseDestination } from 'core/outbound';
import { isWebUrl } from 'src/validation/validators';
import { SeedHistory } from './seed-history.entity';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A row of data/product-offers.json `offers` as the seed loads it. */
export interface SeedOffer {
  product: string;
  shop: string;
  url: string;
  link: string;
  price: number | null;
  currency: string;
  checkedOn: string;
  source: string;
}

/**
 * An offer row, or null when it cannot be shown honestly: no product or shop, no day, no source with a web
 * address, an address that is a shop's search rather than the product's own page, or a price that is not
 * a positive number (a page that showed no price says `null`).
 */
export function seedOffer(row: ObjectLiteral): SeedOffer | null {
  const { product, shop, url, checkedOn, source } = row as Record<string, unknown>;
  if (typeof product !== 'string' || !product.trim() || typeof shop !== 'string' || !shop.trim()) return null;
  if (typeof checkedOn !== 'string' || !DAY.test(checkedOn) || !isWebUrl(source) || !isWebUrl(url)) return null;
  const link = offerKey(url);
  if (!link || purchaseDestination(url)?.search !== false) return null;
  const price = row.price === null || row.price === undefined ? null : Number(row.price);
  if (price !== null && !(Number.isFinite(price) && price > 0)) return null;
  const currency = typeof row.currency === 'string' && /^[A-Z]{3}$/.test(row.currency) ? row.currency : 'AUD';
  return { product: product.trim().slice(0, 200), shop: shop.trim().slice(0, 120), url, link, price, currency, checkedOn, source };
}

/**
 * Issue 47: data/product-offers.json, the prices checked on products' own pages at named shops, each
 * version of the file once (seed_history `product-offers:{hash}`), so the file may grow and be re-checked:
 * a page already recorded takes the newer check (a later `checkedOn`), never an older one.
 */
export async function loadProductOffers(dataSource: DataSource, dataDir: string, logger: Logger): Promise<string[]> {
  const path = join(dataDir, 'product-offers.json');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const entry = `product-offers:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  const done = await dataSource.transaction(async (manager) => {
    await manager.query('LOCK TABLE "seed_history" IN SHARE ROW EXCLUSIVE MODE');
    if (await manager.existsBy(SeedHistory, { dataset: entry })) return false;
    const file = JSON.parse(text) as { offers?: ObjectLiteral[] };
    const offers = (file.offers ?? []).map(seedOffer).filter((offer): offer is SeedOffer => offer !== null);
    if (offers.length) {
      const result = (await manager.query(
        `INSERT INTO "product_offers" ("product", "shop", "url", "link", "price", "currency", "checkedOn", "source")
         SELECT data."product", data."shop", data."url", data."link", data."price", data."currency", data."checkedOn", data."source"
         FROM jsonb_to_recordset($1::jsonb) AS data("product" text, "shop" text, "url" text, "link" text, "price" numeric, "currency" text, "checkedOn" date, "source" text)
         ON CONFLICT ("link") DO UPDATE SET "product" = excluded."product", "shop" = excluded."shop", "url" = excluded."url", "price" = excluded."price",
           "currency" = excluded."currency", "checkedOn" = excluded."checkedOn", "source" = excluded."source"
         WHERE excluded."checkedOn" >= "product_offers"."checkedOn"
         RETURNING "id"`,
        [JSON.stringify(offers)],
      )) as unknown[];
      if (result.length) logger.log(`Loaded ${result.length} checked product offers`);
    }
    await manager.insert(SeedHistory, { dataset: entry });
    return true;
  });
  return done ? [entry] : [];
}
