import { NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from 'src/errors/database-errors';

describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises PostgreSQL going away, refusing or timing out', () => {
    for (const error of [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection due to administrator command')),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name: 'QueryRunnerAlreadyReleasedError' }),
      new AggregateError([pgError('ECONNREFUSED')], ''),
      // The embedded server's Unix socket while it is stopped (its file removed).
      Object.assign(pgError('ENOENT', 'connect ENOENT /tmp/.s.PGSQL.5432'), { syscall: 'connect' }),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
  });

  it('leaves bad requests and missing rows alone', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key')))).toBe(false);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT', [], pgError('22P02', 'invalid input syntax')))).toBe(false);
    expect(isDatabaseUnavailable(new NotFoundException('Article not found'))).toBe(false);
    // A file that is not there (an upload, a kept message) says nothing about the database.
    expect(isDatabaseUnavailable(Object.assign(pgError('ENOENT', "ENOENT: no such file or directory, open 'x'"), { syscall: 'open' }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
