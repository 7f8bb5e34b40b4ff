// The newsletter part of the bench (`npm run bench -- --newsletter`, `--quick` for ~2,000 subscribers): the
// built server with its production defaults sends one issue to 100,000 subscribers (inserted by SQL) through
// a real SMTP server on a local port (smtp-server, in a process of its own so that it takes no time from the
// load generator). Prints the time to enqueue (the send request: the deliveries queued in one transaction),
// messages a second as the SMTP server received them, the server's RSS during the send (sampled, max), the
// article page's throughput during the send as a ratio of quiet (the mean of before the send and after it), and duplicates and missing recipients.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { rssMb } from './memory.mjs';
import { databaseUrl, signIn } from './scale.mjs';
import { serverLogLevel, startServer } from './server.mjs';
import { measureRun } from './throughput.mjs';

const require = createRequire(import.meta.url);

/**
 * The newsletter rate the bench lets the server send at, unless --newsletter-rate N says otherwise: high
 * enough that the server, not the rate, limits it.
 */
export const BENCH_NEWSLETTER_RATE = 5000;

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');

/** The SMTP server, run in a child process (this file with `--sink`): its URL and its counts on request. */
async function startSink() {
  const child = fork(fileURLToPath(import.meta.url), ['--sink'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies = [];
  child.on('message', (message) => replies.shift()?.(message));
  const ask = (question) =>
    new Promise((resolve) => {
      replies.push(resolve);
      child.send(question);
    });
  const { url } = await ask({ type: 'url' });
  return { url, stats: () => ask({ type: 'stats' }), stop: () => child.kill('SIGTERM') };
}

/** The sink itself: accepts every message, counts copies per recipient, and when the first and last arrived. */
function runSink() {
  const { SMTPServer } = require('smtp-server');
  const copies = new Map();
  let received = 0;
  let first = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const now = Date.now();
        if (!first) first = now;
        last = now;
        received++;
        for (const { address } of session.envelope.rcptTo) copies.set(address.toLowerCase(), (copies.get(address.toLowerCase()) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1', () => {
    process.on('message', (question) => {
      if (question.type === 'url') process.send({ url: `smtp://127.0.0.1:${server.server.address().port}` });
      else {
        let duplicates = 0;
        for (const count of copies.values()) duplicates += count - 1;
        process.send({ received, recipients: [...copies.keys()], duplicates, first, last });
      }
    });
  });
}

if (process.argv.includes('--sink')) runSink();

/**
 * Runs the part; answers its figures (also written to latest.json by bench/run.mjs). `capSeconds` (option
 * --newsletter-cap N) stops waiting for the whole send after N seconds: the figures are then those of the
 * messages sent so far (duplicates among them; missing is not counted).
 */
export async function runNewsletter({ quick, seconds, log, print, capSeconds = 30 * 60, rate = BENCH_NEWSLETTER_RATE }) {
  const subscribers = quick ? 2_000 : 100_000;
  const sink = await startSink();
  log(`newsletter: starting the built server (production defaults, LOG_LEVEL=${serverLogLevel()}) with SMTP_URL=${sink.url}, NEWSLETTER_RATE=${rate}`);
  const server = await startServer({ env: { SMTP_URL: sink.url, NEWSLETTER_RATE: String(rate), BENCH_SQL_COUNT: '0' } });
  const base = server.url;
  const pg = require('pg');
  const db = new pg.Client({ connectionString: databaseUrl(server.dataDir) });
  await db.connect();
  try {
    log(`newsletter: ${subscribers.toLocaleString('en-AU')} subscribers inserted by SQL`);
    await db.query(
      `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource")
       SELECT 'bench.' || i || '@example.com', true, md5('bench' || i), 'bench' FROM generate_series(1, $1) AS i`,
      [subscribers],
    );
    const expected = (await db.query(`SELECT "email" FROM "newsletters" WHERE "subscribed"`)).rows.map((row) => row.email.toLowerCase());
    await db.query('ANALYZE "newsletters"');

    const [article] = await (await fetch(`${base}/api/articles`)).json();
    const articleUrl = `${base}/blog/${article.slug}`;
    const load = { connections: 20, duration: seconds, headers: { 'accept-encoding': 'br, gzip' } };
    // Three seconds of warm-up: after one, the server was still well short of its steady rate (12,000 against 18,000 req/s).
    await measureRun(articleUrl, { ...load, duration: 3 }, server.pid);
    const loadBefore = loadAverage();
    const quiet = await measureRun(articleUrl, load, server.pid);
    const rssQuietMb = rssMb(server.pid);

    const { cookie } = await signIn(base);
    const admin = (method, path, body) =>
      fetch(base + path, {
        method,
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const created = await admin('POST', '/api/admin/newsletter/issues', { subject: 'Bench issue', intro: 'Hello **divers**.' });
    if (created.status !== 201) throw new Error(`creating the issue: ${created.status} ${await created.text()}`);
    const { id } = await created.json();

    let rssMaxMb = rssQuietMb;
    const rssSamples = [];
    const sampler = setInterval(() => {
      const mb = rssMb(server.pid);
      rssSamples.push(mb);
      rssMaxMb = Math.max(rssMaxMb, mb);
    }, 250);
    const enqueueStarted = performance.now();
    const sent = await admin('POST', `/api/admin/newsletter/issues/${id}/send`);
    const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;
    if (sent.status !== 202) throw new Error(`sending the issue: ${sent.status} ${await sent.text()}`);
    log(`newsletter: enqueued ${expected.length.toLocaleString('en-AU')} deliveries in ${enqueueSeconds.toFixed(2)} s; sending`);

    // The article page under load while the issue goes out (once the first messages arrived).
    while (!(await sink.stats()).received) await new Promise((resolve) => setTimeout(resolve, 100));
    const receivedBeforeLoad = (await sink.stats()).received;
    const during = await measureRun(articleUrl, load, server.pid);
    const receivedAfterLoad = (await sink.stats()).received;

    let status = '';
    const deadline = enqueueStarted / 1000 + capSeconds;
    while (status !== 'sent' && performance.now() / 1000 < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await (await admin('GET', `/api/admin/newsletter/issues/${id}`)).json()).status;
    }
    clearInterval(sampler);
    // Quiet again once the issue is sent: the machine's own drift over the send (a few minutes, often 20 %
    // or more between runs) is shared by the two quiet figures, and the ratio is to their mean.
    const quietAfter = status === 'sent' ? await measureRun(articleUrl, load, server.pid) : quiet;
    const quietMean = Math.round((quiet.reqPerSec + quietAfter.reqPerSec) / 2);
    const loadAfter = loadAverage();
    const stats = await sink.stats();
    const got = new Set(stats.recipients);
    const missing = status === 'sent' ? expected.filter((email) => !got.has(email)).length : null;
    if (status !== 'sent') log(`newsletter: stopped waiting after ${capSeconds} s (--newsletter-cap), the issue still ${status}`);
    const seconds_ = (stats.last - stats.first) / 1000;
    const figures = {
      subscribers: expected.length,
      status,
      enqueueSeconds: Number(enqueueSeconds.toFixed(2)),
      received: stats.received,
      sendSeconds: Number(seconds_.toFixed(1)),
      messagesPerSecond: Math.round(stats.received / Math.max(seconds_, 0.001)),
      duplicates: stats.duplicates,
      missing,
      rssQuietMb,
      rssMaxMb,
      rssLastMb: rssSamples.at(-1) ?? null,
      articleQuietReqPerSec: quiet.reqPerSec,
      articleQuietAfterReqPerSec: quietAfter.reqPerSec,
      articleDuringSendReqPerSec: during.reqPerSec,
      articleRatio: Number((during.reqPerSec / quietMean).toFixed(2)),
      articleDuringSendP99Ms: during.p99Ms,
      sentDuringArticleLoad: receivedAfterLoad - receivedBeforeLoad,
      logLevel: serverLogLevel(),
      newsletterRate: rate,
      loadAverage: { before: loadBefore, after: loadAfter },
    };
    log(`newsletter: load average ${loadBefore} before, ${loadAfter} after (1 / 5 / 15 min); server at LOG_LEVEL=${serverLogLevel()}`);
    print(
      `Newsletter issue to ${expected.length.toLocaleString('en-AU')} subscribers over SMTP (LOG_LEVEL=${serverLogLevel()}, NEWSLETTER_RATE=${rate}; targets: enqueue < 10 s, >= 500 messages/s, RSS < 300 MB, article during >= 0.8 of quiet (mean of before and after), 0 duplicates, 0 missing)`,
      [
        {
          enqueueS: figures.enqueueSeconds,
          msgsPerS: figures.messagesPerSecond,
          sendS: figures.sendSeconds,
          duplicates: figures.duplicates,
          missing: figures.missing,
          rssQuietMb,
          rssMaxMb,
          articleQuiet: quiet.reqPerSec,
          articleQuietAfter: quietAfter.reqPerSec,
          articleDuring: during.reqPerSec,
          articleRatio: figures.articleRatio,
        },
      ],
    );
    return figures;
  } finally {
    await db.end();
    await server.stop();
    sink.stop();
  }
}
