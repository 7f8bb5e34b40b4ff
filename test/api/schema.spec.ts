import { DataSource } from 'typeorm';
import { dataSourceOptions } from 'src/database/data-source-options';
import { createTestDatabase } from '../support/test-app';

/**
 * The schema changes only through migrations: on a database the real migrations built, the entities
 * must ask for nothing more. A refactor of an entity (e.g. columns moved to a shared base class) that
 * would change a table shows here as the SQL TypeORM would want to run.
 */
describe('entities and migrations', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(await createTestDatabase()));
    await dataSource.initialize();
  });

  afterAll(() => dataSource.destroy());

  it('agree: the migrated database needs no further change', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });
});
