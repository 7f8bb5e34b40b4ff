import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spoolDir, SpoolStorage } from 'src/reports/photo-spool';

/** Issue 45: the files report photos were streamed to, when a process stopped mid-request and left them. */
describe('the report photos spool', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'photo-spool-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lives in DATA_DIR/report-photos, created readable by this user only', () => {
    new SpoolStorage(spoolDir(dataDir));
    expect(readdirSync(dataDir)).toEqual(['report-photos']);
    expect(statSync(spoolDir(dataDir)).mode & 0o777).toBe(0o700);
  });

  it('deletes at start the files an earlier process left an hour ago and more, and keeps those of a request under way', () => {
    const dir = spoolDir(dataDir);
    const storage = new SpoolStorage(dir);
    const now = Date.now();
    const file = (name: string, ageMs: number) => {
      const path = join(dir, name);
      writeFileSync(path, 'part of a photo');
      utimesSync(path, (now - ageMs) / 1000, (now - ageMs) / 1000);
      return path;
    };
    const left = file('left', 61 * 60 * 1000);
    const receiving = file('receiving', 2000);
    expect(storage.pruneLeftovers(now)).toBe(1);
    expect(existsSync(left)).toBe(false);
    expect(existsSync(receiving)).toBe(true);
  });
});
