#!/usr/bin/env node
// Lighthouse on one page of two built trees, run after run in turn on one Chromium, to tell whether a
// change helps: on this 2-core machine one page's score moves by 15 points from run to run, and the
// machine drifts over minutes, so two batches run one after the other compare the machine as much as the
// code. Each tree runs its own server (bench/lib/server.mjs: production settings, fresh DATA_DIR).
//
//   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
//   (cd /tmp/before && npm run build) && npm run build
//   node bench/lighthouse-ab.mjs /tmp/before . 8 /dive-sites
//
// A tree from before the build matched its compile-hint paths anywhere in an input's path (scripts/
// build-client.mjs, CALLED_ON_LOAD) loses the hint on React and Leaflet when built with linked node_modules.
import { resolve } from 'node:path';
import { auditUntilRecorded, median, startChromium } from './lib/lighthouse.mjs';
import { startTiles } from './lib/tiles.mjs';
import { mean } from './lib/writes.mjs';

const [treeA, treeB, runsArg = '8', path = '/dive-sites'] = process.argv.slice(2);
if (!treeA || !treeB) {
  console.error('usage: node bench/lighthouse-ab.mjs <built tree A> <built tree B> [runs] [path]');
  process.exit(2);
}
const runs = Number(runsArg);
// Both trees' maps load their tiles from one stand-in (bench/lib/tiles.mjs), as in `npm run bench`.
const tiles = await startTiles();
const serverIn = async (tree) => (await import(resolve(tree, 'bench/lib/server.mjs'))).startServer({ env: { TILE_URL: tiles.url } });
const servers = { A: await serverIn(treeA), B: await serverIn(treeB) };
const chrome = await startChromium();
const results = { A: [], B: [] };
try {
  // A then B, then B then A: neither always runs first after the other's page.
  for (let run = 0; run < runs; run++) {
    for (const tree of run % 2 ? ['B', 'A'] : ['A', 'B']) results[tree].push(await auditUntilRecorded(chrome.port, servers[tree].url + path));
  }
} finally {
  await chrome.stop();
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  await tiles.stop();
}
for (const tree of ['A', 'B']) {
  const performance = results[tree].map((result) => result.performance ?? NaN);
  const tbt = results[tree].map((result) => result.tbtMs);
  console.log(
    `${tree} ${tree === 'A' ? treeA : treeB}: performance ${performance.join(' ')} (median ${median(performance)}), ` +
      `TBT ms ${tbt.join(' ')} (median ${median(tbt)}, mean ${Math.round(mean(tbt))})`,
  );
}
