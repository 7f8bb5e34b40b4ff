// Lighthouse (mobile, its default settings) driving Debian's Chromium, started here with a debugging port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './page-weight.mjs';

async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'adg-lh-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_ARGS, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no debugging port:\n${text}`)), 30000);
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', () => reject(new Error(`Chromium exited:\n${text}`)));
  });
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)));
      // Chromium's helper processes can still be writing to the profile for a moment after the browser exits
      // (a CI run failed on ENOTEMPTY): removed with retries, and a profile left in the temporary folder is no
      // reason to fail the measurements.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch (error) {
        console.warn(`[bench] could not remove Chromium's profile ${profile}: ${error.message}`);
      }
    },
  };
}

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

export async function measureLighthouse(base, paths) {
  const chrome = await startChromium();
  const rows = [];
  try {
    for (const path of paths) {
      const result = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const { categories, audits } = result.lhr;
      const failed = Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual' &&
            audit.scoreDisplayMode !== 'notApplicable',
        )
        .map((audit) => audit.id);
      rows.push({
        path,
        performance: score(categories.performance),
        accessibility: score(categories.accessibility),
        bestPractices: score(categories['best-practices']),
        seo: score(categories.seo),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
        failedAudits: failed,
        runtimeError: result.lhr.runtimeError?.message ?? null,
      });
    }
  } finally {
    await chrome.stop();
  }
  return rows;
}
