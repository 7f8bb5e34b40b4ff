import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase } from '../support/test-app';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/**
 * A process killed (SIGKILL) in the middle of sending an issue, then started again: every subscriber gets
 * exactly one copy. The built server (dist/, as `npm start` runs it) on a database of its own, sending to
 * a real SMTP server on a local port. At the 100th message the server stops answering, as a mail server
 * does whose client died mid-conversation: the messages then in flight were never accepted (no 250), and
 * the process is killed while it waits for them. The restarted process must send those again and every
 * one not sent yet, and none that the server had accepted.
 */
const root = join(__dirname, '..', '..');
const main = join(root, 'dist', 'src', 'main.js');
const SUBSCRIBERS = 300;
let smtp: SmtpSink;
let db: Client;
let databaseUrl: string;
let dataDir: string;
const port = 3900 + Math.floor(Math.random() * 100);

function start(): ChildProcess {
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'kill-test-session-secret-long-enough-0123',
      ADMIN_PASSWORD: 'kill-test-admin-password',
      SEED_ON_START: 'false',
      SMTP_URL: smtp.url,
      NEWSLETTER_RATE: '200',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));

async function waitForStatus(id: number, status: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const [row] = (await db.query(`SELECT "status" FROM "newsletter_issues" WHERE "id" = $1`, [id])).rows;
    if (row.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the issue did not become ${status}`);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  databaseUrl = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'adg-newsletter-kill-'));
  db = new Client({ connectionString: databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a process killed mid-send resumes on restart: every subscriber gets exactly one copy', async () => {
  await db.query(`UPDATE "newsletters" SET "subscribed" = false WHERE "subscribed"`);
  const { rows: list } = await db.query<{ email: string }>(
    `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource")
     SELECT 'killed.' || i || '@example.com', true, md5('kill' || i), 'test' FROM generate_series(1, $1) AS i RETURNING "email"`,
    [SUBSCRIBERS],
  );
  // Sent as the admin's send does it (status, and a delivery per subscriber), before any process runs:
  // the first one picks it up at start, as a restart does.
  const [{ id }] = (
    await db.query(
      `INSERT INTO "newsletter_issues" ("subject", "slug", "status", "sendingAt") VALUES ('Killed mid-send', 'killed-mid-send', 'sending', now()) RETURNING "id"`,
    )
  ).rows;
  await db.query(`INSERT INTO "newsletter_deliveries" ("issueId", "subscriberId", "email") SELECT $1, "id", "email" FROM "newsletters" WHERE "subscribed"`, [
    id,
  ]);

  let first: ChildProcess | null = start();
  let killing: Promise<void> | null = null;
  smtp.answer = async () => {
    if (first && smtp.received.length >= 100) {
      // No more answers from here: wait a moment (what was accepted is committed), then kill the sender.
      const victim = first;
      first = null;
      killing = new Promise<void>((resolve) => setTimeout(resolve, 500)).then(() => {
        victim.kill('SIGKILL');
        return exited(victim);
      });
    }
    if (killing) {
      await killing;
      return { code: 421, text: 'Connection lost' };
    }
    return { accept: true };
  };
  for (let i = 0; i < 1200 && !killing; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(killing).not.toBeNull();
  await killing;
  const beforeRestart = smtp.received.length;
  expect(beforeRestart).toBeGreaterThanOrEqual(100);
  expect(beforeRestart).toBeLessThan(SUBSCRIBERS);

  smtp.answer = () => ({ accept: true });
  const second = start();
  try {
    await waitForStatus(id, 'sent');
  } finally {
    second.kill('SIGTERM');
    await exited(second);
  }

  const counts = new Map<string, number>();
  for (const mail of smtp.received) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
  expect(list.filter(({ email }) => counts.get(email) !== 1)).toEqual([]);
  expect(smtp.received).toHaveLength(SUBSCRIBERS);
  const states = (await db.query(`SELECT "state", count(*)::int AS "n" FROM "newsletter_deliveries" WHERE "issueId" = $1 GROUP BY "state"`, [id])).rows;
  expect(states).toEqual([{ state: 'sent', n: SUBSCRIBERS }]);
}, 240_000);
