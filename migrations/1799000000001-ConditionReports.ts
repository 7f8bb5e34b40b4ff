import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 45: divers' condition reports of a site, published at once or after the administrator's approval. */
export class ConditionReports1799000000001 implements MigrationInterface {
  name = 'ConditionReports1799000000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "condition_reports" ("id" SERIAL NOT NULL, "diveSiteId" integer NOT NULL, "date" date NOT NULL, "time" character varying(5),
        "visibility" smallint, "waterTemperature" real, "current" character varying(10), "surge" character varying(10),
        "comment" character varying(500), "name" character varying(60), "status" character varying(10) NOT NULL, "idempotencyKey" character varying(64),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_condition_reports_visibility" CHECK ("visibility" BETWEEN 0 AND 60),
        CONSTRAINT "CHK_condition_reports_temperature" CHECK ("waterTemperature" BETWEEN 0 AND 35),
        CONSTRAINT "PK_condition_reports" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_condition_reports_site_newest" ON "condition_reports" ("diveSiteId", "status", "date", "id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_condition_reports_idempotency" ON "condition_reports" ("idempotencyKey")`);
    await queryRunner.query(`CREATE INDEX "IDX_condition_reports_status_created" ON "condition_reports" ("status", "createdAt")`);
    await queryRunner.query(
      `ALTER TABLE "condition_reports" ADD CONSTRAINT "FK_condition_reports_site" FOREIGN KEY ("diveSiteId") REFERENCES "dive_sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "condition_reports"`);
  }
}
