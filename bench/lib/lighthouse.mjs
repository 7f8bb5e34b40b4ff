// Lighthouse (mobile, its default settings) driving Debian's Chromium, started here with a debugging port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './page-weight.mjs';

export async function startChromium() {
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

export const median = (values) => {
  const sorted = values.filter((value) => value !== null && !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

/** `ignoreStatusCode`: a page that answers 404 by design (the not-found page) is audited as any other. */
async function audit(port, url, { ignoreStatusCode = false } = {}) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ignoreStatusCode,
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
  return {
    performance: score(categories.performance),
    accessibility: score(categories.accessibility),
    bestPractices: score(categories['best-practices']),
    seo: score(categories.seo),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    failedAudits: failed,
    runtimeError: result.lhr.runtimeError?.message ?? null,
  };
}

/**
 * An audit whose trace Lighthouse could not record (NO_NAVSTART, now and then on this machine) is run again,
 * twice at most; an error that stays is reported with the run's null scores.
 */
export async function auditUntilRecorded(port, url, options = {}) {
  let result = await audit(port, url, options);
  for (let retry = 0; retry < 2 && result.runtimeError; retry++) result = await audit(port, url, options);
  return result;
}

/**
 * Each page audited `runs` times in a row (the scores of a shared machine are noisy): a row a page with the
 * median of each figure, every run's performance score, the audits any run failed and the load average
 * (1 / 5 / 15 min) when the page's runs began. A page is a path or `{ name, path, status }`: its answer's
 * status is checked first (200 unless given), so a page that fails is never scored as the page it should be.
 */
export async function measureLighthouse(base, pages, { runs = 1 } = {}) {
  const chrome = await startChromium();
  const rows = [];
  try {
    for (const page of pages) {
      const { name = undefined, path, status = 200 } = typeof page === 'string' ? { path: page } : page;
      const answer = await fetch(base + path);
      await answer.arrayBuffer();
      if (answer.status !== status) throw new Error(`${path} answered ${answer.status}, not ${status}`);
      const loadAverage = loadavg().map((load) => Number(load.toFixed(2)));
      const results = [];
      for (let run = 0; run < runs; run++) results.push(await auditUntilRecorded(chrome.port, base + path, { ignoreStatusCode: status !== 200 }));
      const figure = (key) => median(results.map((result) => result[key]));
      rows.push({
        ...(name ? { page: name } : {}),
        path,
        performance: figure('performance'),
        accessibility: figure('accessibility'),
        bestPractices: figure('bestPractices'),
        seo: figure('seo'),
        lcpMs: figure('lcpMs'),
        tbtMs: figure('tbtMs'),
        cls: figure('cls'),
        runsPerformance: results.map((result) => result.performance),
        runsTbtMs: results.map((result) => result.tbtMs),
        loadAverage,
        failedAudits: [...new Set(results.flatMap((result) => result.failedAudits))],
        runtimeError: results.find((result) => result.runtimeError)?.runtimeError ?? null,
      });
    }
  } finally {
    await chrome.stop();
  }
  return rows;
}
