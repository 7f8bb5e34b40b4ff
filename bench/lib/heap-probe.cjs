// Preloaded into the bench's server (`node --require`): every 200 ms it appends the process's memory
// (V8 heap used and total, external and array buffers, RSS, in MB) to HEAP_PROBE_FILE, one JSON line each,
// so a bench can read the heap against its cap without the server exposing anything.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload (node --require)
const { appendFileSync } = require('node:fs');

const file = process.env.HEAP_PROBE_FILE;
if (file) {
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    try {
      appendFileSync(
        file,
        `${JSON.stringify({ t: Date.now(), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external), arrayBuffers: mb(usage.arrayBuffers), rss: mb(usage.rss) })}\n`,
      );
    } catch {
      // The data directory is gone: the bench has stopped the server.
    }
  }, 200);
  timer.unref();
}
