import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, part 6: 'Top rated' orders the sites by their rating totals (a Bayesian average of
 * "ratingCount" and "ratingSum", kept by triggers since 1796700000000) and then by name. This narrow index
 * holds every column that order and the site-wide mean read, so both are index-only scans of a few hundred
 * kilobytes at 24,700 sites, not reads of every site's row (their descriptions make the table 60 MB).
 */
export class TopRatedIndex1797700000001 implements MigrationInterface {
  name = 'TopRatedIndex1797700000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_rating_order" ON "dive_sites" ("ratingCount", "ratingSum") INCLUDE ("id", "name")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_rating_order"`);
  }
}
