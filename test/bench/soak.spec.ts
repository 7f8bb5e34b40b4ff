import { spawn } from 'node:child_process';
import { join } from 'node:path';

// The short version of `npm run soak`: a mixed load on the production build, PostgreSQL stopped for a
// few seconds mid-run and started again, then SIGTERM. The script's own checks are the assertions.
const root = join(__dirname, '..', '..');

interface SoakReport {
  durationS: number;
  requests: number;
  writes: number;
  recoveryMs: number | null;
  drainMs: number | null;
  checks: { name: string; ok: boolean; detail?: string }[];
}

it('survives a database outage under load and drains at SIGTERM (npm run soak -- --quick)', async () => {
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'soak.mjs'), '--quick', '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (exitCode) => resolve({ code: exitCode, stdout: out, stderr: err }));
  });
  const last = stdout.trim().split('\n').pop() ?? '';
  let report: SoakReport;
  try {
    report = JSON.parse(last) as SoakReport;
  } catch {
    throw new Error(`the soak printed no report:\n${stderr}`);
  }
  expect(report.requests).toBeGreaterThan(100);
  expect(report.writes).toBeGreaterThan(10);
  // Floors far below a quick run's figures (4 workers, each pausing 150 ms between requests: about 20
  // requests a second): at least 2 a second over the run, outage included.
  expect(report.requests / report.durationS).toBeGreaterThanOrEqual(2);
  const detail = (name: string) => report.checks.find((check) => check.name === name)?.detail ?? '';
  // Zero lost writes: every acknowledged write is in the database, and no refused one is.
  const [, acknowledged, missing] = /^(\d+) acknowledged, (\d+) missing$/.exec(detail('every write that got a 2xx is in the database')) ?? [];
  expect({ acknowledged: Number(acknowledged) > 10, missing: Number(missing) }).toEqual({ acknowledged: true, missing: 0 });
  expect(detail('no write that got an error is in the database')).toMatch(/, 0 stored anyway$/);
  // Zero errors: no 5xx but the outage's 503s, no dropped request, nothing failing outside the outage.
  expect(detail('no 5xx but 503, no hung or dropped request')).toBe('0 other 5xx, 0 network errors');
  expect(detail('outside the outage every request succeeded')).toBe('0 failed');
  for (const check of report.checks)
    expect({ check: check.name, ok: check.ok, detail: check.detail }).toEqual({ check: check.name, ok: true, detail: check.detail });
  expect(code).toBe(0);
}, 240_000);
