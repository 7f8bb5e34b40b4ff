// The writer of the 'writes' part (bench/lib/writes.mjs), in a worker thread: its requests must not run
// on the event loop of the load generator measuring the article page (a busy loop there delays all of
// autocannon's connections and reads as lost throughput), just as real visitors' writes come from
// elsewhere. Plain `http` with a keep-alive agent: fetch's own cost per request is several times larger.
// For the same reason the thread runs at the lowest CPU priority (nice 19: on Linux a thread's own), so the
// little it needs to send comes from what the server and the load generator leave, not from them. It sends
// while switched on ('on' / 'off' messages, measured second by second), until 'stop'; before that, a
// `{ warm, concurrency }` message runs the kind's path in (see warm).
import http from 'node:http';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

try {
  setPriority(19);
} catch {
  // Not allowed here: the figures then include the sending too (slightly lower ratios), nothing more.
}

const { base, kind, otherArticleId, siteId, reviewSlug, perSecond, firstNumber } = workerData;

/** A distinct address from 10.0.0.0/8 per write (X-Forwarded-For, believed with TRUST_PROXY=1). */
const address = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;

/** Each kind's path and body; `n` numbers the write in the whole run, so no email or address repeats. */
const KINDS = {
  newsletter: { path: '/api/newsletter/subscribe', body: (n) => ({ email: `bench.${process.pid}.${n}@example.com`, source: 'home' }) },
  contact: {
    path: '/api/contact',
    body: (n) => ({
      name: 'Bench Diver',
      email: `contact.${process.pid}.${n}@example.com`,
      subject: `Question ${n}`,
      message: 'When is the best season to see grey nurse sharks at Fish Rock?',
    }),
  },
  comment: {
    path: `/api/articles/${otherArticleId}/comments`,
    body: (n) => ({ name: `Bench ${n}`, content: `Benchmark comment number ${n}, about the reef.` }),
  },
  rating: { path: `/api/dive-sites/${siteId}/ratings`, body: (n) => ({ rating: (n % 5) + 1, comment: `Benchmark rating ${n}` }) },
  // A reader following a review's 'Check Price' (a GET, counted, answered 302): each from its own address,
  // so every one is counted and written, none folded into a repeat.
  click: { method: 'GET', path: `/go/review/${reviewSlug}`, ok: (status) => status === 302 },
  // Requests that do nothing (a 404 before any handler): what the measuring itself costs.
  none: { path: '/api/bench-no-such-route', body: (n) => ({ n }) },
};

const { method = 'POST', path, body, ok: isOk = (status) => status >= 200 && status < 300 } = KINDS[kind];
/** A browser's user agent: the click counting leaves crawlers out. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const url = new URL(path, base);
const agent = new http.Agent({ keepAlive: true });
const counts = { sent: 0, ok: 0, failed: 0 };
let inFlight = 0;
let stopping = false;
let n = firstNumber;

/** Sends the next write (numbered `n`); `answered` gets its status once its answer has been read, `failed` the error. */
function post(answered, failed) {
  const number = ++n;
  const payload = body ? JSON.stringify(body(number)) : undefined;
  const headers = payload
    ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Origin: base, 'X-Forwarded-For': address(number) }
    : { 'User-Agent': BROWSER, 'X-Forwarded-For': address(number) };
  const request = http.request(
    url,
    {
      method,
      agent,
      headers,
    },
    (response) => {
      response.resume();
      response.on('end', () => answered(response.statusCode));
      response.on('error', failed);
    },
  );
  request.on('error', failed);
  request.end(payload);
}

/** One write of the measured rate, counted as sent, then as ok (2xx) or failed. */
function send() {
  counts.sent++;
  inFlight++;
  const done = (ok) => {
    if (ok) counts.ok++;
    else counts.failed++;
    inFlight--;
    if (stopping && inFlight === 0) finish();
  };
  post(
    (status) => done(isOk(status)),
    () => done(false),
  );
}

let timer = null;
let onSince = 0;
let sentSinceOn = 0;

/**
 * Sends what is due since the writes were switched on (the rate holds even when a timer fires late), then
 * sleeps until the next write is due: one wake-up a write, as few as the rate allows.
 */
function pump() {
  const elapsed = performance.now() - onSince;
  const due = Math.floor((elapsed * perSecond) / 1000) + 1;
  while (sentSinceOn < due) {
    sentSinceOn++;
    send();
  }
  timer = setTimeout(pump, Math.max(0, (sentSinceOn * 1000) / perSecond - elapsed));
}

/**
 * Sends `count` writes, `concurrency` at a time, then says so ('warmed'): before a kind is measured its path
 * through the server is run in, as it is on a server that has been up a while. Run cold, the first minute of
 * a kind also measures V8 compiling that path (optimising compiles on the helper threads, type feedback
 * settling) while the page is served, a start-up cost a long-running server does not pay again.
 */
function warm(count, concurrency) {
  let started = 0;
  let answered = 0;
  const next = () => {
    if (started === count) return;
    started++;
    post(
      () => {
        if (++answered === count) parentPort.postMessage({ warmed: count });
        else next();
      },
      (error) => parentPort.postMessage({ warmError: String(error.message) }),
    );
  };
  for (let i = 0; i < Math.min(concurrency, count); i++) next();
}

function finish() {
  agent.destroy();
  parentPort.postMessage({ ...counts, lastNumber: n });
}

parentPort.on('message', (message) => {
  if (typeof message === 'object') return warm(message.warm, message.concurrency);
  clearTimeout(timer);
  timer = null;
  if (message === 'on') {
    onSince = performance.now();
    sentSinceOn = 0;
    pump();
  }
  if (message !== 'stop') return;
  stopping = true;
  if (inFlight === 0) finish();
});
