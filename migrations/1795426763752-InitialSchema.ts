import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795426763752 implements MigrationInterface {
  name = 'InitialSchema1795426763752';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "articles" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "slug" character varying(200) NOT NULL, "excerpt" text NOT NULL, "content" text NOT NULL, "category" character varying(50) NOT NULL, "imageUrl" text NOT NULL, "videoUrl" text, "videoThumbnail" text, "author" character varying(100) NOT NULL DEFAULT 'Australian Dive Guide Team', "published" boolean NOT NULL DEFAULT false, "publishedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_1123ff6815c5b8fec0ba9fec370" UNIQUE ("slug"), CONSTRAINT "PK_0a6e2c450d83e0b6052c2793334" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_2fc963f692dccc05d77a38536a" ON "articles"  ("published", "publishedAt") `);
    await queryRunner.query(
      `CREATE TABLE "audit_logs" ("id" SERIAL NOT NULL, "action" character varying(100) NOT NULL, "resource" character varying(200), "ipAddress" character varying(64), "userAgent" text, "details" jsonb, "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1bb179d048bbc581caa3b013439" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_cee5459245f652b75eb2759b4c" ON "audit_logs"  ("action") `);
    await queryRunner.query(`CREATE INDEX "IDX_88dcc148d532384790ab874c3d" ON "audit_logs"  ("timestamp") `);
    await queryRunner.query(
      `CREATE TABLE "carousel_videos" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "description" text, "videoUrl" text NOT NULL, "ctaText" character varying(100), "ctaUrl" text, "posterImageUrl" text, "ordering" integer NOT NULL DEFAULT '0', "published" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_carousel_videos_ordering" CHECK ("ordering" >= 0), CONSTRAINT "PK_bbd4e7c9fe99978c2ed49e6c46b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "comments" ("id" SERIAL NOT NULL, "articleId" integer NOT NULL, "name" character varying(100) NOT NULL, "email" character varying(254), "content" character varying(1000) NOT NULL, "approved" boolean NOT NULL DEFAULT true, "ipAddress" character varying(64), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8bf68bc960f2b69e818bdb90dcb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_014e161c6680cf428d4fbed957" ON "comments"  ("articleId", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "contacts" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "email" character varying(254) NOT NULL, "subject" character varying(200) NOT NULL, "message" text NOT NULL, "emailSent" boolean NOT NULL DEFAULT false, "ipAddress" character varying(64), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b99cd40cfd66a99f1571f4f72e6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "dive_sites" ("id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "latitude" numeric(10,8) NOT NULL, "longitude" numeric(11,8) NOT NULL, "waterTemp" character varying(50) NOT NULL, "skillLevel" character varying(20) NOT NULL, "depthRange" character varying(50) NOT NULL, "description" text NOT NULL, "region" character varying(100) NOT NULL, "visibility" character varying(100), "bestTime" character varying(200), "marineLife" text, "hazards" text, "facilities" text, "imageUrl" text, "videoUrl" text, "videoThumbnail" text, "reviewLink" text, "blogSlug" character varying(200), "featured" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0a067f7ec8dac38250a17c76a59" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_beda1a34f66b41bc95d759cd7c" ON "dive_sites"  ("name") `);
    await queryRunner.query(`CREATE INDEX "IDX_91bbb431edd4d649cb4e4f6b09" ON "dive_sites"  ("region") `);
    await queryRunner.query(
      `CREATE TABLE "locations" ("id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "region" character varying(100) NOT NULL, "description" text NOT NULL, "waterTemp" character varying(50) NOT NULL, "visibility" character varying(50) NOT NULL, "bestTime" character varying(100) NOT NULL, "depth" character varying(50) NOT NULL, "difficulty" character varying(50) NOT NULL, "imageUrl" text NOT NULL, "mapCoordinates" character varying(100), "featured" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7cc1c9e3853b94816c094825e74" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "newsletters" ("id" SERIAL NOT NULL, "email" character varying(254) NOT NULL, "subscribed" boolean NOT NULL DEFAULT true, "unsubscribeToken" character varying(64) NOT NULL, "consentSource" character varying(50) NOT NULL DEFAULT 'website', "consentIp" character varying(64), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_a2464613407914bce01f4cae61d" UNIQUE ("email"), CONSTRAINT "UQ_f9e9775042db265251bb770046f" UNIQUE ("unsubscribeToken"), CONSTRAINT "PK_b63ff3417bbaa6c92061b9f6934" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "products" ("id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "category" character varying(100) NOT NULL, "description" text NOT NULL, "price" numeric(10,2), "rating" numeric(2,1), "reviewCount" integer NOT NULL DEFAULT '0', "affiliateLink" text NOT NULL, "imageUrl" text NOT NULL, "featured" boolean NOT NULL DEFAULT false, "published" boolean NOT NULL DEFAULT false, "publishedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "rate_limits" ("key" character varying(200) NOT NULL, "count" integer NOT NULL DEFAULT '0', "resetTime" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8cb6aa4831e3e775ccf370521db" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "dive_site_ratings" ("id" SERIAL NOT NULL, "diveSiteId" integer NOT NULL, "rating" integer NOT NULL, "comment" character varying(500), "userEmail" character varying(254), "ipAddress" character varying(64), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_dive_site_ratings_rating" CHECK ("rating" BETWEEN 1 AND 5), CONSTRAINT "PK_f7ef6373f2f1a644952717b2e7a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_95121559998e5b46a8de0b50e0" ON "dive_site_ratings"  ("diveSiteId", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "reviews" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "slug" character varying(200) NOT NULL, "excerpt" text NOT NULL, "content" text NOT NULL, "category" character varying(50) NOT NULL, "imageUrl" text NOT NULL, "price" character varying(50), "purchaseLink" text NOT NULL, "rating" character varying(20), "author" character varying(100) NOT NULL DEFAULT 'Australian Dive Guide Team', "published" boolean NOT NULL DEFAULT false, "featured" boolean NOT NULL DEFAULT false, "publishedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_1dab1e4a2d2c7d864f827a30b89" UNIQUE ("slug"), CONSTRAINT "PK_231ae565c273ee700b283f15c1d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ac872cce340060d3f2e56be033" ON "reviews"  ("published", "publishedAt") `);
    await queryRunner.query(
      `CREATE TABLE "users" ("id" SERIAL NOT NULL, "username" character varying(100) NOT NULL, "password" text NOT NULL, CONSTRAINT "UQ_fe0bb3f6520ee0469504521e710" UNIQUE ("username"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "seed_history" ("dataset" character varying(100) NOT NULL, "loadedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_13aa2b7bdf34fade6dcdbf9bae6" PRIMARY KEY ("dataset"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "session" ("sid" character varying NOT NULL, "sess" json NOT NULL, "expire" TIMESTAMP(6) NOT NULL, CONSTRAINT "PK_7575923e18b495ed2307ae629ae" PRIMARY KEY ("sid"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "session"  ("expire") `);
    await queryRunner.query(
      `ALTER TABLE "comments" ADD CONSTRAINT "FK_b0011304ebfcb97f597eae6c31f" FOREIGN KEY ("articleId") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dive_site_ratings" ADD CONSTRAINT "FK_18aa223d8d95125d76659a8032b" FOREIGN KEY ("diveSiteId") REFERENCES "dive_sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dive_site_ratings" DROP CONSTRAINT "FK_18aa223d8d95125d76659a8032b"`);
    await queryRunner.query(`ALTER TABLE "comments" DROP CONSTRAINT "FK_b0011304ebfcb97f597eae6c31f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_session_expire"`);
    await queryRunner.query(`DROP TABLE "session"`);
    await queryRunner.query(`DROP TABLE "seed_history"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ac872cce340060d3f2e56be033"`);
    await queryRunner.query(`DROP TABLE "reviews"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_95121559998e5b46a8de0b50e0"`);
    await queryRunner.query(`DROP TABLE "dive_site_ratings"`);
    await queryRunner.query(`DROP TABLE "rate_limits"`);
    await queryRunner.query(`DROP TABLE "products"`);
    await queryRunner.query(`DROP TABLE "newsletters"`);
    await queryRunner.query(`DROP TABLE "locations"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_91bbb431edd4d649cb4e4f6b09"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_beda1a34f66b41bc95d759cd7c"`);
    await queryRunner.query(`DROP TABLE "dive_sites"`);
    await queryRunner.query(`DROP TABLE "contacts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_014e161c6680cf428d4fbed957"`);
    await queryRunner.query(`DROP TABLE "comments"`);
    await queryRunner.query(`DROP TABLE "carousel_videos"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_88dcc148d532384790ab874c3d"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cee5459245f652b75eb2759b4c"`);
    await queryRunner.query(`DROP TABLE "audit_logs"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2fc963f692dccc05d77a38536a"`);
    await queryRunner.query(`DROP TABLE "articles"`);
  }
}
