/**
 * `npm run export -- file.json` and `npm run import -- file.json`: the admin Export tab's content file,
 * written or read by an operator on the database the server uses (DATABASE_URL, else the embedded one).
 */
import 'reflect-metadata';
import { createWriteStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONTENT_KIND_LABELS, CONTENT_KINDS, type ImportSummary } from 'core/api/content-transfer';
import { loadConfig } from 'src/config/app.config';
import { withMigratedDatabase } from 'src/database/cli-database';
import { notifyContentChanged } from 'src/page-cache/notify';
import { ContentExportService } from './content-export.service';
import { ContentImportService } from './content-import.service';

const USAGE = 'usage: content-transfer.cli.js export|import <file.json>';

function report(summary: ImportSummary): string {
  const lines = CONTENT_KINDS.map((kind) => {
    const { added, updated, skipped } = summary.kinds[kind];
    return `${CONTENT_KIND_LABELS[kind]}: ${added.length} added, ${updated.length} updated, ${skipped} skipped`;
  });
  if (summary.missingMedia.length) lines.push(`Uploads referred to but missing (they show no image): ${summary.missingMedia.length}`);
  return lines.join('\n');
}

async function run(command: string, file: string, dataSource: DataSource): Promise<void> {
  if (command === 'export') {
    await pipeline(Readable.from(new ContentExportService(dataSource).export()), createWriteStream(file));
    console.info(`Exported the site's content to ${file}`);
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not a readable JSON file: ${(error as Error).message}`, { cause: error });
  }
  const summary = await new ContentImportService(dataSource).apply(parsed);
  // Running servers empty their page caches (and drop their sitemaps) when told, as after a seed.
  await notifyContentChanged(dataSource, 'import');
  console.info(`Imported ${file}\n${report(summary)}`);
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'export' && command !== 'import') || !file) throw new Error(USAGE);
  await withMigratedDatabase(loadConfig(), (dataSource) => run(command, file, dataSource));
}

main().catch((error: unknown) => {
  if (error instanceof HttpException) {
    const body = error.getResponse() as { error?: string; fields?: Record<string, string[]> };
    console.error(`Refused, nothing was imported: ${body.error ?? error.message}`);
    for (const [where, messages] of Object.entries(body.fields ?? {}).slice(1)) console.error(`  ${where}: ${messages.join('; ')}`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
