// What bench/write-cost.mjs and bench/cache-under-writes.mjs share (issue 41): the production build unless
// `--no-build`, the built server at its production defaults with no query counting, a PostgreSQL client of
// its database, and real newsletter subscribers inserted by SQL with their unsubscribe tokens.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { databaseUrl } from './scale.mjs';
import { root, startServer } from './server.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

/**
 * Builds for production (node scripts/build.mjs) unless `args` holds `--no-build`, then starts the built
 * server (BENCH_SQL_COUNT=0: no X-SQL-Queries, as production) and connects a client to its database.
 * Answers the server and the client; `stop()` ends both.
 */
export async function startWriteBench(args, log) {
  if (!args.includes('--no-build')) {
    log('building for production (node scripts/build.mjs)');
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const server = await startServer({ env: { BENCH_SQL_COUNT: '0' } });
  const db = new Client({ connectionString: databaseUrl(server.dataDir) });
  await db.connect();
  return {
    server,
    db,
    async stop() {
      await db.end();
      await server.stop();
    },
  };
}

/** `count` real subscribers, as sign-ups leave them ('<prefix>-<n>@example.com'); answers their unsubscribe tokens. */
export async function insertSubscribers(db, count, prefix) {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  await db.query(
    `INSERT INTO newsletters (email, "unsubscribeToken", "consentSource")
     SELECT $2 || '-' || n || '@example.com', token, 'home' FROM unnest($1::text[]) WITH ORDINALITY AS t(token, n)`,
    [tokens, prefix],
  );
  return tokens;
}
