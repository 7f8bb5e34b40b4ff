import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { Article } from 'src/articles/article.entity';
import { CarouselVideo } from 'src/carousel/carousel-video.entity';
import { projectRoot } from 'src/common/project-root';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Product } from 'src/products/product.entity';
import { Review } from 'src/reviews/review.entity';
import { SeedCorrections } from './seed-corrections';
import { SeedFacts } from './seed-facts';
import { loadProductOffers } from './seed-offers';
import { diveSiteRows, insertInChunks, readJson } from './seed-files';
import { SeedHistory } from './seed-history.entity';
import { notifyContentChanged } from 'src/page-cache/notify';

interface Dataset {
  name: string;
  entity: EntityTarget<ObjectLiteral>;
  /** The field that identifies a seeded row, so that `npm run seed` only adds what is missing. */
  key: string;
  rows: () => ObjectLiteral[];
}

const AFFILIATE_PLACEHOLDER = '{{AFFILIATE_TAG}}';

/**
 * Loads the JSON files in data/ into the database. At start each data set loads once, into a database
 * that has never had it (seed_history remembers), so nothing the administrator changed or deleted comes
 * back. `npm run seed` adds the seeded rows that are missing, by their natural key, and never updates one.
 */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');
  private readonly dataDir = join(projectRoot(), 'data');

  private readonly correcting: SeedCorrections;
  private readonly facts: SeedFacts;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.correcting = new SeedCorrections(dataSource, this.dataDir, this.logger);
    this.facts = new SeedFacts(dataSource, this.dataDir, this.logger);
  }

  /** Affiliate links in the seed carry a placeholder for the tag from AFFILIATE_TAG. */
  withAffiliateTag(link: string): string {
    if (!link.includes(AFFILIATE_PLACEHOLDER)) return link;
    const url = new URL(link.replace(AFFILIATE_PLACEHOLDER, 'placeholder'));
    for (const [name, value] of url.searchParams) {
      if (value !== 'placeholder') continue;
      if (this.config.affiliateTag) url.searchParams.set(name, this.config.affiliateTag);
      else url.searchParams.delete(name);
    }
    return url.toString();
  }

  datasets(): Dataset[] {
    const file = (name: string) => join(this.dataDir, name);
    return [
      { name: 'dive-sites', entity: DiveSite, key: 'name', rows: () => diveSiteRows(this.dataDir) },
      {
        name: 'articles',
        entity: Article,
        key: 'slug',
        rows: () => this.optional(file('articles.json')).map((a) => ({ ...a, published: a.published ?? true, ...this.datedAsPublished(a) })),
      },
      {
        name: 'reviews',
        entity: Review,
        key: 'slug',
        rows: () =>
          this.optional(file('reviews.json')).map((r) => ({ ...r, purchaseLink: this.withAffiliateTag(r.purchaseLink), ...this.datedAsPublished(r) })),
      },
      {
        name: 'products',
        entity: Product,
        key: 'name',
        rows: () =>
          this.optional(file('products.json')).map((p) => ({
            ...p,
            price: p.price === null || p.price === undefined ? null : Number(p.price).toFixed(2),
            rating: p.rating === null || p.rating === undefined ? null : Number(p.rating).toFixed(1),
            affiliateLink: this.withAffiliateTag(p.affiliateLink),
          })),
      },
      { name: 'carousel-videos', entity: CarouselVideo, key: 'title', rows: () => this.optional(file('carousel-videos.json')) },
    ];
  }

  /** Seeded posts were written on their publish date, so that is their creation date too. */
  private datedAsPublished(row: ObjectLiteral): ObjectLiteral {
    return row.publishedAt && !row.createdAt ? { createdAt: new Date(row.publishedAt as string) } : {};
  }

  private optional(path: string): ObjectLiteral[] {
    return existsSync(path) ? readJson(path) : [];
  }

  /** The corrections file's versions not applied yet, and the fills of columns added since (SeedCorrections). */
  applyCorrections(): Promise<string[]> {
    return this.correcting.apply();
  }

  /** The recorded checks and notices not loaded yet (SeedFacts). */
  loadFacts(): Promise<string[]> {
    return this.facts.load();
  }

  /** The checked product offers not loaded yet (issue 47, data/product-offers.json). */
  loadOffers(): Promise<string[]> {
    return loadProductOffers(this.dataSource, this.dataDir, this.logger);
  }

  /** At start: every data set this database has never had, each in its own transaction. */
  async loadNewDatasets(): Promise<string[]> {
    const loaded: string[] = [];
    for (const dataset of this.datasets()) {
      const done = await this.dataSource.transaction(async (manager) => {
        // Two processes starting together must not both seed: the row lock on seed_history decides.
        await manager.query('LOCK TABLE "seed_history" IN SHARE ROW EXCLUSIVE MODE');
        if (await manager.existsBy(SeedHistory, { dataset: dataset.name })) return false;
        const rows = dataset.rows();
        if (rows.length === 0) return false;
        await insertInChunks(manager, dataset.entity, rows);
        await manager.insert(SeedHistory, { dataset: dataset.name });
        return true;
      });
      if (done) loaded.push(dataset.name);
    }
    loaded.push(...(await this.applyCorrections()));
    loaded.push(...(await this.loadFacts()));
    loaded.push(...(await this.loadOffers()));
    if (loaded.length) await notifyContentChanged(this.dataSource);
    return loaded;
  }

  /** On demand (`npm run seed`): add the seeded rows that are missing, leave every existing row alone. */
  async addMissing(): Promise<Record<string, number>> {
    const added: Record<string, number> = {};
    for (const dataset of this.datasets()) {
      added[dataset.name] = await this.dataSource.transaction(async (manager) => {
        const rows = dataset.rows();
        const existing = await manager
          .getRepository(dataset.entity)
          .createQueryBuilder('row')
          .select(`row.${dataset.key}`, 'key')
          .getRawMany<{ key: string }>();
        const present = new Set(existing.map((row) => row.key));
        const missing = rows.filter((row) => !present.has(row[dataset.key]));
        await insertInChunks(manager, dataset.entity, missing);
        await manager.createQueryBuilder().insert().into(SeedHistory).values({ dataset: dataset.name }).orIgnore().execute();
        return missing.length;
      });
    }
    const corrected = [...(await this.applyCorrections()), ...(await this.loadFacts()), ...(await this.loadOffers())];
    if (corrected.length || Object.values(added).some((count) => count > 0)) await notifyContentChanged(this.dataSource);
    this.logger.log(
      `Added ${Object.entries(added)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')}`,
    );
    return added;
  }
}
