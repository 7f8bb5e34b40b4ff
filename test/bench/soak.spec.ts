import { spawn } from 'node:child_process';
import { join } from 'node:path';

// The short version of `npm run soak`: a mixed load on the production build, PostgreSQL stopped for a
// few seconds mid-run and started again, then SIGTERM. The script's own checks are the assertions.
const root = join(__dirname, '..', '..');

interface SoakReport {
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
  for (const check of report.checks)
    expect({ check: check.name, ok: check.ok, detail: check.detail }).toEqual({ check: check.name, ok: true, detail: check.detail });
  expect(code).toBe(0);
}, 240_000);
