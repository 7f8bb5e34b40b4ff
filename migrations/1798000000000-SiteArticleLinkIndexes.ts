import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, after the hundredfold bench on a quiet machine (24,700 sites):
 * - "IDX_dive_sites_video_blog_slug" and "IDX_dive_sites_video_review_link": the sites with a video, by the
 *   article they belong to, so an article's page finds its site's video (DiveSitesService.videoForArticle)
 *   from two small indexes instead of reading every site (25 ms at 100x, the article page 2.4x its 1x time);
 * - "IDX_dive_sites_featured_article": the featured sites with an article, from which /gear-reviews picks
 *   its hero at random (randomFeaturedWithArticle: 19 ms reading every site for the 6 that qualify).
 * Their conditions are the queries' own, word for word, so the planner can use them.
 */
export class SiteArticleLinkIndexes1798000000000 implements MigrationInterface {
  name = 'SiteArticleLinkIndexes1798000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_video_blog_slug" ON "dive_sites" ("blogSlug") WHERE "videoUrl" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_video_review_link" ON "dive_sites" ("reviewLink") WHERE "videoUrl" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_featured_article" ON "dive_sites" ("id") WHERE "featured" = true AND "blogSlug" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_featured_article"`);
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_video_review_link"`);
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_video_blog_slug"`);
  }
}
