#!/usr/bin/env node
// `node bench/request-walk.mjs` (`--no-build` to use the dist/ already built): which of the project's files
// one request runs through, measured on the running server rather than read from the code (issue 41's
// "walk"). The built server at its production defaults, started with the V8 inspector on loopback; after a
// few warm-up requests, precise coverage is reset, ONE request is sent, and every project file with a
// function that ran for it is counted (dist/ is one output file per source file, so a file here is a
// source file), grouped by top folder (src/http, src/render, core/dive-sites, views/pages, ...).
// The requests: GET /dive-sites/{id} on a cache miss (X-Page-Cache: bypass, which BENCH_SQL_COUNT allows),
// and the no-JavaScript newsletter sign-up (POST /forms/newsletter, form-encoded, as the page's form sends it).
// `order` is the files in the order their first function ran, from a CPU profile sampled every 50 µs over
// the same request (a sampled order: a file whose work is shorter than a sample can be missing from it,
// never from the counts). Writes bench/results/request-walk.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUnlessNoBuild, freePort, root, startServer } from './lib/server.mjs';

const log = (message) => console.log(`[request-walk] ${message}`);
buildUnlessNoBuild(process.argv, log);

const inspectPort = await freePort();
process.env.BENCH_SERVER_FLAGS = `${process.env.BENCH_SERVER_FLAGS ?? ''} --inspect=127.0.0.1:${inspectPort}`;
const server = await startServer();
const dist = join(root, 'dist');

/** A tiny Chrome DevTools Protocol client over Node's own WebSocket. */
async function inspector() {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message);
      waiting.delete(message.id);
    }
  };
  return {
    send(method, params = {}) {
      const id = ++next;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) =>
        waiting.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result))),
      );
    },
    close: () => socket.close(),
  };
}

/** A project file's source path (src/x.ts for dist/src/x.js), or null for Node's own and node_modules. */
function projectFile(url) {
  if (!url.startsWith('file://')) return null;
  const path = fileURLToPath(url);
  if (!path.startsWith(dist + '/') || path.includes('/node_modules/')) return null;
  return relative(dist, path).replace(/\.js$/, '');
}
const topFolder = (file) =>
  file
    .split('/')
    .slice(0, file.startsWith('src/') || file.startsWith('views/') || file.startsWith('core/') ? 2 : 1)
    .join('/');

async function walk(cdp, name, request) {
  for (let i = 0; i < 5; i++) await request(); // warm: lazy requires and first-call work are not the request's
  await cdp.send('Profiler.takePreciseCoverage'); // resets the counters
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  const status = await request();
  const { profile } = await cdp.send('Profiler.stop');
  const { result } = await cdp.send('Profiler.takePreciseCoverage');
  const files = new Set();
  for (const script of result) {
    const file = projectFile(script.url);
    if (file && script.functions.some((fn) => fn.ranges[0]?.count > 0)) files.add(file);
  }
  // The sampled order: each sample's deepest project frame, in time order, first appearance kept.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const order = [];
  for (const sample of profile.samples) {
    for (let id = sample; id !== undefined; id = parent.get(id)) {
      const file = projectFile(byId.get(id).callFrame.url);
      if (file) {
        if (order.at(-1) !== file) order.push(file);
        break;
      }
    }
  }
  const folders = [...new Set([...files].map(topFolder))].sort();
  const moves = order.map(topFolder).filter((folder, i, all) => i === 0 || folder !== all[i - 1]).length - 1;
  log(`${name}: ${status}; ${files.size} project files ran, in ${folders.length} top folders; sampled: ${Math.max(0, moves)} moves between top folders`);
  log(`  folders: ${folders.join(', ')}`);
  return { name, status, files: [...files].sort(), folders, order, sampledFolderMoves: Math.max(0, moves) };
}

const cdp = await inspector();
try {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const sitePage = async () => {
    const response = await fetch(`${server.url}/dive-sites/1`, { headers: { 'X-Page-Cache': 'bypass' } });
    await response.arrayBuffer();
    return `${response.status} ${response.headers.get('x-page-cache') ?? ''}`.trim();
  };
  let n = 0;
  const signUp = async () => {
    const response = await fetch(`${server.url}/forms/newsletter`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, 'X-Forwarded-For': `203.0.113.${++n}` },
      body: new URLSearchParams({ email: `walker${n}-${Date.now()}@example.com` }).toString(),
    });
    await response.arrayBuffer();
    return `${response.status} ${response.headers.get('location') ?? ''}`.trim();
  };
  const walks = [await walk(cdp, 'GET /dive-sites/1 (cache miss)', sitePage), await walk(cdp, 'POST /forms/newsletter (no JavaScript)', signUp)];
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'request-walk.json'), JSON.stringify({ at: new Date().toISOString(), walks }, null, 2));
} finally {
  cdp.close();
  await server.stop();
}
