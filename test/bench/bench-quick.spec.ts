import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm run bench -- --quick` runs every part of the benchmark briefly. This only checks that it still
 * completes and reports every section: benchmark figures are read by people, never asserted here.
 */
jest.setTimeout(600_000);

it('runs every section of the quick benchmark and writes its results', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'adg-bench-test-'));
  const out = join(dir, 'quick.json');
  try {
    // `npm test` has just built; the benchmark's own build is skipped.
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        ['bench/run.mjs', '--quick', '--no-build', '--out', out],
        { cwd: join(__dirname, '..', '..'), maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve()),
      );
    });
    const results = JSON.parse(readFileSync(out, 'utf8'));
    expect(results.quick).toBe(true);
    const { sql, apiSizes, throughput, throughputCompressed, pageWeight, lighthouse, memory } = results.sections;
    expect(apiSizes.find((row: { path: string }) => row.path === '/api/dive-sites')).toEqual(
      expect.objectContaining({ status: 200, gzip: expect.any(Number) }),
    );
    expect(sql.map((row: { path: string }) => row.path)).toEqual(expect.arrayContaining(['/', '/blog', '/dive-sites']));
    expect(sql.every((row: { status: number; queries: number }) => row.status === 200 && Number.isInteger(row.queries))).toBe(true);
    expect(throughput.baseline.reqPerSec).toBeGreaterThan(0);
    expect(throughput.targets.map((row: { name: string }) => row.name)).toEqual([
      'home',
      'blog',
      'article',
      'gear review',
      'dive sites',
      'API dive sites',
      'API articles',
    ]);
    expect(throughput.targets.every((row: { ratioToBaseline: number }) => typeof row.ratioToBaseline === 'number')).toBe(true);
    // Each run says how busy the server and the load generator were, so a loader-bound figure shows.
    expect(throughput.targets.every((row: { serverCpuPct: number; loaderCpuPct: number }) => row.serverCpuPct > 0 && row.loaderCpuPct > 0)).toBe(true);
    expect(throughputCompressed.headers).toEqual({ 'accept-encoding': 'br, gzip' });
    expect(throughputCompressed.targets).toHaveLength(throughput.targets.length);
    expect(pageWeight.length).toBeGreaterThan(0);
    expect(pageWeight[0].beforeInteraction).toEqual(
      expect.objectContaining({ htmlGzip: expect.any(Number), cssBrotli: expect.any(Number), jsGzip: expect.any(Number) }),
    );
    expect(lighthouse[0]).toEqual(
      expect.objectContaining({
        performance: expect.any(Number),
        accessibility: expect.any(Number),
        bestPractices: expect.any(Number),
        seo: expect.any(Number),
      }),
    );
    expect(memory).toEqual(
      expect.objectContaining({ rssBeforeMb: expect.any(Number), rssAfterMb: expect.any(Number), upwardTrendInLastHalf: expect.any(Boolean) }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
