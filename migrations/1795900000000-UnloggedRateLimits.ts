import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rate-limit counters (src/rate-limit) live for minutes and are worth nothing after a crash: an unlogged
 * table writes no WAL, so a counted hit (every login attempt and public write) no longer waits for the WAL
 * to reach the disk before its answer. After a crash PostgreSQL empties it, which only restarts the windows.
 */
export class UnloggedRateLimits1795900000000 implements MigrationInterface {
  name = 'UnloggedRateLimits1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rate_limits" SET UNLOGGED`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rate_limits" SET LOGGED`);
  }
}
