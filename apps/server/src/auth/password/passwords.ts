import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { ConcurrencyLimit } from '../../lib/concurrency-limit.ts';

/**
 * Passwords are hashed with scrypt, a memory-hard function built into Node (ADR 0004, 0014).
 * Each hash records its parameters, so they can be raised later without breaking logins:
 * a hash made with weaker ones is replaced at the next successful login.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * `standard` is OWASP's recommendation for scrypt (N=2^17, r=8, p=1: 128 MiB and a few hundred
 * milliseconds per hash). `test` exists only so the test suites, which sign up and log in
 * thousands of times, stay fast; configuration refuses it in production.
 */
export const SCRYPT_COSTS = {
  standard: { N: 2 ** 17, r: 8, p: 1 },
  test: { N: 2 ** 10, r: 8, p: 1 },
} as const satisfies Record<string, ScryptParams>;
export type PasswordHashCost = keyof typeof SCRYPT_COSTS;

const KEY_LENGTH = 32;
/** Stored hashes are ours, but a corrupted row must not make a login allocate gigabytes. */
const MAX_N = 2 ** 20;
/** The salt of the work done for a login that has no hash to check against. */
const BURN_SALT = Buffer.from('voxpad: no usable password here');

/**
 * Exactly what OpenSSL allocates: `128 * r * p` for B plus `128 * r * (N + 2)` for V. Node's
 * default limit (32 MiB) is below the 128 MiB that N=2^17, r=8 needs.
 */
export function scryptMaxmem({ N, r, p }: ScryptParams): number {
  return 128 * r * (N + p + 2);
}

/**
 * scrypt runs on libuv's thread pool (4 threads), which file reads share: four logins at once
 * held every thread for hundreds of milliseconds and stalled audio playback behind them (seen in
 * the soak test), and took 512 MiB. Two at a time leaves threads for I/O and caps memory at
 * 256 MiB; further logins wait their turn, which the login rate limits keep short.
 */
export const scryptSlots = new ConcurrencyLimit(2);

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParams) {
  return scryptSlots.run(() => scryptNow(password, salt, keyLength, params));
}

function scryptNow(password: string, salt: Buffer, keyLength: number, params: ScryptParams) {
  return new Promise<Buffer>((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...params, maxmem: scryptMaxmem(params) },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

interface StoredHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string | null): StoredHash | undefined {
  const [scheme, n, r, p, salt, key, ...rest] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !key || rest.length > 0) return undefined;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(R) &&
    R >= 1 &&
    R <= 32 &&
    Number.isInteger(P) &&
    P >= 1 &&
    P <= 16;
  if (!valid) return undefined;
  const keyBytes = Buffer.from(key, 'base64');
  if (keyBytes.length < 16) return undefined;
  return { N, r: R, p: P, salt: Buffer.from(salt, 'base64'), key: keyBytes };
}

export type PasswordCheck =
  | { ok: false }
  /** `rehash`: the new hash to store, when the stored one was made with weaker parameters. */
  | { ok: true; rehash: string | undefined };

/** Hashes and checks passwords at one cost, chosen by configuration. */
export class PasswordHasher {
  constructor(readonly params: ScryptParams = SCRYPT_COSTS.standard) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, KEY_LENGTH, this.params);
    const { N, r, p } = this.params;
    return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  /**
   * Checks a password against a stored hash. Every call does one scrypt at least as costly as
   * the configured one: an account without a usable password (made through a provider, or a
   * damaged hash) and an unknown account (`stored` null) take as long as a wrong password,
   * so timing does not tell them apart.
   */
  async check(password: string, stored: string | null): Promise<PasswordCheck> {
    const parsed = parseHash(stored);
    if (!parsed) {
      await scrypt(password, BURN_SALT, KEY_LENGTH, this.params);
      return { ok: false };
    }
    const actual = await scrypt(password, parsed.salt, parsed.key.length, parsed);
    if (!timingSafeEqual(actual, parsed.key)) return { ok: false };
    return { ok: true, rehash: this.isWeaker(parsed) ? await this.hash(password) : undefined };
  }

  /** Weaker in memory (N·r) or in work (N·r·p) than what this hasher makes. */
  private isWeaker({ N, r, p }: ScryptParams): boolean {
    const target = this.params;
    return N * r < target.N * target.r || N * r * p < target.N * target.r * target.p;
  }
}
