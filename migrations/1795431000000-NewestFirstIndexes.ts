import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lists of published articles and reviews (home, /blog, /gear-reviews, the feed, the API lists) are
 * read newest first by publish date falling back to creation date, a page at a time: these indexes hold
 * that order for the published rows (all of them, and per category), so a page reads its own rows and
 * not the whole table. The 'Latest Gear Review' highlight reads the newest review by creation date.
 */
export class NewestFirstIndexes1795431000000 implements MigrationInterface {
  name = 'NewestFirstIndexes1795431000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['articles', 'reviews']) {
      await queryRunner.query(
        `CREATE INDEX "IDX_${table}_published_newest" ON "${table}" ((COALESCE("publishedAt", "createdAt")) DESC, "id" DESC) WHERE "published"`,
      );
      await queryRunner.query(
        `CREATE INDEX "IDX_${table}_category_newest" ON "${table}" ("category", (COALESCE("publishedAt", "createdAt")) DESC, "id" DESC) WHERE "published"`,
      );
    }
    await queryRunner.query(`CREATE INDEX "IDX_reviews_published_created" ON "reviews" ("createdAt" DESC, "id" DESC) WHERE "published"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_reviews_published_created"`);
    for (const table of ['reviews', 'articles']) {
      await queryRunner.query(`DROP INDEX "IDX_${table}_category_newest"`);
      await queryRunner.query(`DROP INDEX "IDX_${table}_published_newest"`);
    }
  }
}
