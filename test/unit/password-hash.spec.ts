import { gzip } from 'node:zlib';
import { hashPassword, verifyPassword } from 'src/users/password-hash';

describe('password hashing', () => {
  it('tells the right password from wrong ones', async () => {
    const stored = await hashPassword('correct horse battery staple');
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(verifyPassword('Correct horse battery staple', stored)).resolves.toBe(false);
  });

  it('hashes one attempt at a time, so a burst of sign-ins leaves the thread pool to the pages (compression, files)', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const finished: string[] = [];
    // Eight wrong guesses at once, then a page's compression, which needs a thread of the same pool.
    const guesses = Array.from({ length: 8 }, (_, i) => verifyPassword(`wrong guess ${i}`, stored).then(() => finished.push('hash')));
    await new Promise<void>((resolve, reject) =>
      gzip(Buffer.from('<!DOCTYPE html><title>A page</title>'), (error) => {
        if (error) reject(error);
        finished.push('page');
        resolve();
      }),
    );
    await Promise.all(guesses);
    // Each hash takes 32 MiB and tens of milliseconds: had they filled the pool, the page would wait for them.
    expect(finished[0]).toBe('page');
    expect(finished.filter((step) => step === 'hash')).toHaveLength(8);
  });
});
