/**
 * `npm run backup -- file` and `npm run restore -- file`: the whole database (uploads included) with
 * pg_dump/pg_restore in the custom format, on DATABASE_URL, else on the embedded PostgreSQL under
 * DATA_DIR (the one `npm start` runs: used as it is when running, started for the while otherwise).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from 'src/config/app.config';
import { startEmbeddedPostgres, type RunningDatabase } from 'src/database/embedded-postgres';
import { BackupError, backupDatabase, chooseTool, embeddedMajor, restoreDatabase, runningServerOn, serverMajor, type PgTool } from './backup';

const USAGE = 'usage: npm run backup -- <file>   or   npm run restore -- <file>';

/** As src/database/embedded-postgres.ts makes them: its user and database, the password kept beside the data. */
const EMBEDDED_USER = 'dive_guide';
const EMBEDDED_DATABASE = 'dive_guide';

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) throw new BackupError(USAGE);
  const tool: PgTool = command === 'backup' ? 'pg_dump' : 'pg_restore';
  const config = loadConfig();

  let embedded: RunningDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    const dir = join(config.dataDir, 'postgres');
    // The tool's version is checked before anything is started: the embedded server's is its package's.
    const major = embeddedMajor();
    if (major !== null) chooseTool(tool, major);
    if (command === 'backup' && !existsSync(join(dir, 'pgdata', 'PG_VERSION'))) {
      throw new BackupError(`There is no database in ${dir} to back up (DATA_DIR=${config.dataDir}; set DATABASE_URL for another server)`);
    }
    const running = runningServerOn(join(dir, 'pgdata'));
    if (running) {
      const password = readFileSync(join(dir, 'password'), 'utf8').trim();
      url = `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${EMBEDDED_DATABASE}`;
      console.info(`Using the embedded PostgreSQL running on ${dir} (port ${running.port})`);
    } else {
      embedded = await startEmbeddedPostgres(dir, { quiet: true });
      url = embedded.url;
    }
  }

  try {
    const chosen = chooseTool(tool, await serverMajor(url));
    const started = Date.now();
    if (command === 'backup') {
      const { bytes } = await backupDatabase(url, file, chosen);
      console.info(`Backed up the database to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${chosen.path}, ${Date.now() - started} ms)`);
    } else {
      await restoreDatabase(url, file, chosen);
      console.info(
        `Restored the database from ${file} (${chosen.path}, ${Date.now() - started} ms). Restart the site's processes, so none keeps showing pages of the content it replaced.`,
      );
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : `${command()} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

function command(): string {
  return process.argv[2] === 'restore' ? 'The restore' : 'The backup';
}
