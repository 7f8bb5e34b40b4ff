import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 43: 242 open sites were seeded with the same note, 'No closure known to us; check conditions with a
 * local operator before diving.', which claimed a check nobody recorded. An open site needs no note: the
 * seeded sentence is cleared wherever it is still the seeded one (a note the administrator wrote stays).
 */
export class GenericStatusNote1798800000002 implements MigrationInterface {
  name = 'GenericStatusNote1798800000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "dive_sites" SET "statusNote" = NULL WHERE "status" = 'open' AND "statusNote" = $1`, [
      'No closure known to us; check conditions with a local operator before diving.',
    ]);
  }

  public async down(): Promise<void> {
    // The cleared sentence said nothing true: it is not put back.
  }
}
