import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from 'src/database/migrations';

/**
 * The migrations that run are the hand-kept list in src/database/migrations.ts (the bundle needs static
 * imports): a file under migrations/ left out of it would never run, silently. Each file's class (its name
 * and timestamp, TypeORM's convention) is in the list, once, in the files' timestamp order.
 */
describe('the migrations list', () => {
  const files = readdirSync(join(__dirname, '..', '..', 'migrations'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      const [, timestamp, name] = /^(\d+)-(\w+)\.ts$/.exec(file) ?? [];
      return { file, timestamp: Number(timestamp), className: `${name}${timestamp}` };
    })
    .sort((a, b) => a.timestamp - b.timestamp);

  it('runs every migration file, once each, in the order of their timestamps', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(MIGRATIONS.map((migration) => migration.name)).toEqual(files.map((file) => file.className));
  });
});
