import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The built server (npm test builds it first), started the way `npm start` starts it: no DATABASE_URL,
// so it runs its own embedded PostgreSQL under DATA_DIR.
const root = join(__dirname, '..', '..');
const main = join(root, 'dist', 'src', 'main.js');
const port = 3800 + Math.floor(Math.random() * 100);
let dataDir: string;

function start(env: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'log', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitForPage(path = '/learn-to-dive'): Promise<number> {
  for (let i = 0; i < 600; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return response.status;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('server did not start');
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

const postgresRunning = () => {
  try {
    return (
      execFileSync('pgrep', ['-f', `${dataDir}/postgres/pgdata`])
        .toString()
        .trim().length > 0
    );
  } catch {
    return false;
  }
};

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'adg-lifecycle-'));
  chmodSync(dataDir, 0o755);
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server with its embedded PostgreSQL', () => {
  it('starts, migrates, seeds and serves; stops PostgreSQL cleanly on SIGTERM; reuses the data on the next start', async () => {
    const first = start();
    expect(await waitForPage()).toBe(200);
    expect(first.output()).toMatch(/Seeded: .*dive-sites/);
    expect(first.output()).toMatch(/Database: embedded PostgreSQL \(127\.0\.0\.1:\d+\//);
    expect(first.output()).not.toMatch(/Database: .*postgres:\/\//);
    expect(first.output()).toContain(`running at http://localhost:${port}`);

    // A quiet start: none of Nest's per-module or per-route lines at the default level.
    expect(first.output()).not.toMatch(/Mapped \{|RouterExplorer|InstanceLoader|dependencies initialized/);
    // No ADMIN_PASSWORD: a strong one is generated, printed once in a box after the address, and works.
    const generated = /only its hash is stored\): *\|\n\| {3}(\S+) +\|\n/.exec(first.output())?.[1];
    expect(first.output().indexOf(generated!)).toBeGreaterThan(first.output().indexOf('is running at'));
    expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.output()).toContain(`Sign in at http://localhost:${port}/admin`);
    const signIn = (password: string) =>
      fetch(`http://127.0.0.1:${port}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    expect((await signIn('not-the-generated-one')).status).toBe(401);
    expect((await signIn(generated!)).status).toBe(200);
    expect(postgresRunning()).toBe(true);
    expect(await stop(first.child, 'SIGTERM')).toBe(0);
    expect(postgresRunning()).toBe(false);

    const second = start();
    expect(await waitForPage('/api/articles')).toBe(200);
    expect(second.output()).not.toMatch(/Initialising a new PostgreSQL cluster|Seeded:/);
    // The password is shown only on the start that generated it, and never logged afterwards.
    expect(second.output()).not.toContain(generated!);
    expect(await stop(second.child, 'SIGINT')).toBe(0);
    expect(postgresRunning()).toBe(false);
  }, 120_000);

  it('refuses to start with a malformed setting and names it', async () => {
    const bad = start({ PORT: 'eighty' });
    const code = await new Promise((resolve) => bad.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(bad.output()).toContain('Invalid environment variable PORT');
  });
});
