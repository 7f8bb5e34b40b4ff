#!/usr/bin/env node
// `node bench/write-cost.mjs` (`--no-build` to use the dist/ already built, `--count N` requests of each
// kind, 300 by default): what one write that changes no page costs the server (issue 41), the writes of
// bench/cache-under-writes.mjs one kind at a time. The built server at its production defaults on a fresh
// embedded PostgreSQL with the seed, left 5 s to settle; for each kind, a warm-up of 50, then N requests one after another, and the
// CPU time they took: the server process's (user + system, from /proc) and its PostgreSQL connections'
// (the backends of pg_stat_activity, from /proc), divided by N, and what PostgreSQL wrote per request (write
// transactions, WAL bytes), which a busy machine does not change. A cached /dive-sites is measured the same
// way beside them, for scale. CPU time counts what the process did, not what others on the machine did, so
// the figures hold up better on a shared machine than req/s do (a busy machine still inflates them a
// little: caches are shared). `BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the
// server as well (3 s between kinds then). Shares its start-up with bench/cache-under-writes.mjs
// (bench/lib/write-bench.mjs). Writes bench/results/write-cost.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/server.mjs';
import { cpuSeconds } from './lib/throughput.mjs';
import { insertSubscribers, startWriteBench } from './lib/write-bench.mjs';

const args = process.argv.slice(2);
const countAt = args.indexOf('--count');
const COUNT = countAt === -1 ? 300 : Number(args[countAt + 1]);
const WARMUP = 50;

const log = (message) => console.log(`[write-cost] ${message}`);

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const json = { 'content-type': 'application/json' };
/** The kinds, as bench/cache-under-writes.mjs sends them; `n` numbers the request, `token` a subscriber's. */
const KINDS = [
  { name: 'cached GET /dive-sites (for scale)', send: (base) => fetch(`${base}/dive-sites`) },
  {
    name: 'one-click unsubscribe, bogus token',
    send: (base, n) => fetch(`${base}/newsletter/unsubscribe?token=bogus-${n}`, { method: 'POST', headers: form, body: 'List-Unsubscribe=One-Click' }),
  },
  {
    name: 'rating of a missing site',
    send: (base) => fetch(`${base}/api/dive-sites/999999999/ratings`, { method: 'POST', headers: json, body: JSON.stringify({ rating: 5 }) }),
  },
  {
    name: 'comment on a missing article',
    send: (base) =>
      fetch(`${base}/api/articles/999999999/comments`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'A reader', content: 'Hello' }) }),
  },
  {
    name: 'sign-up without a valid address',
    send: (base) => fetch(`${base}/api/newsletter/subscribe`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'not an address' }) }),
  },
  {
    name: 'one-click unsubscribe, real subscriber',
    subscribers: true,
    send: (base, _n, token) =>
      fetch(`${base}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', headers: form, body: 'List-Unsubscribe=One-Click' }),
  },
];

/** CPU seconds of the server's PostgreSQL connections (not this script's own). */
async function backendSeconds(client) {
  const { rows } = await client.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  return rows.reduce((sum, { pid }) => sum + (cpuSeconds(pid) ?? 0), 0);
}

/**
 * What PostgreSQL wrote so far, read at once (no statistics delay): its WAL position in bytes and the next
 * transaction id (write transactions take one; reads take none).
 */
async function databaseWrites(client) {
  const {
    rows: [row],
  } = await client.query(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS wal, pg_snapshot_xmax(pg_current_snapshot())::text::float8 AS xid`);
  return row;
}

/** The pause between kinds: 3 s when the server is profiled, so that each kind is one stretch of its profile. */
const PAUSE_MS = (process.env.BENCH_SERVER_FLAGS ?? '').includes('--cpu-prof') ? 3000 : 1000;

const bench = await startWriteBench(args, log);
const { server, db: client } = bench;
const rows = [];
try {
  const tokens = await insertSubscribers(client, COUNT + WARMUP, 'cost-reader');
  // What the start leaves running (the seed's checks, the job queue's first rounds) settles first.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  for (const kind of KINDS) {
    let next = 0;
    const statuses = {};
    const one = async (n) => {
      const response = await kind.send(server.url, n, kind.subscribers ? tokens[next++] : undefined);
      await response.arrayBuffer();
      return response.status;
    };
    for (let n = 0; n < WARMUP; n++) await one(n);
    const serverBefore = cpuSeconds(server.pid);
    const databaseBefore = await backendSeconds(client);
    const writesBefore = await databaseWrites(client);
    const started = process.hrtime.bigint();
    for (let n = WARMUP; n < WARMUP + COUNT; n++) {
      const status = await one(n);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6 / COUNT;
    const serverMs = ((cpuSeconds(server.pid) - serverBefore) * 1000) / COUNT;
    const databaseMs = (((await backendSeconds(client)) - databaseBefore) * 1000) / COUNT;
    const writesAfter = await databaseWrites(client);
    const row = {
      kind: kind.name,
      serverMs: +serverMs.toFixed(2),
      databaseMs: +databaseMs.toFixed(2),
      // Deterministic where CPU time is not: what the kind makes PostgreSQL write (the job queue's rounds add a little).
      writeTransactions: +((writesAfter.xid - writesBefore.xid) / COUNT).toFixed(2),
      walBytes: Math.round((writesAfter.wal - writesBefore.wal) / COUNT),
      wallMs: +wallMs.toFixed(2),
      statuses,
    };
    rows.push(row);
    // A pause between kinds, so that a profile of the server falls into one stretch per kind.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    log(
      `${row.kind}: server ${row.serverMs} ms CPU, PostgreSQL ${row.databaseMs} ms CPU, ${row.writeTransactions} write transactions, ${row.walBytes} WAL bytes, ${row.wallMs} ms each ${JSON.stringify(statuses)}`,
    );
  }
} finally {
  await bench.stop();
}
console.log('\nkind                                      server CPU ms  PostgreSQL CPU ms  write xacts  WAL bytes  ms each  answers');
for (const row of rows) {
  console.log(
    [
      row.kind.padEnd(41),
      String(row.serverMs).padStart(13),
      String(row.databaseMs).padStart(18),
      String(row.writeTransactions).padStart(11),
      String(row.walBytes).padStart(10),
      String(row.wallMs).padStart(8),
      JSON.stringify(row.statuses),
    ].join(' '),
  );
}
console.log(`${COUNT} of each, one at a time; load average ${loadavg()[0].toFixed(2)}`);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'write-cost.json'), JSON.stringify({ count: COUNT, loadAverage: loadavg(), rows }, null, 2));
