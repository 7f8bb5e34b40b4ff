import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

/**
 * scrypt with N=2^15, r=8: 32 MiB of memory per hash, which makes guessing on graphics cards costly.
 * The parameters travel inside the stored value, so they can be raised later without breaking old hashes.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;
/** Longer input is never a real password; refusing it bounds the work one request can cause. */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * One hash at a time in each process. scrypt runs on libuv's thread pool (4 threads), which file reads,
 * compression, DNS lookups and sharp's work share: sign-in attempts arriving together would fill it and
 * stall every page. Queued, they take one thread and one core at most (and 32 MiB, not 32 per attempt).
 */
const hashing = pLimit(1);

function derive(password: string, salt: Buffer, keyLength: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return hashing(
    () =>
      new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)))),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time; a malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt' || password.length > MAX_PASSWORD_LENGTH) return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/** A strong generated password: 24 URL-safe characters, 144 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
