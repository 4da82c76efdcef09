import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import {
  PasswordHasher,
  SCRYPT_COSTS,
  scryptMaxmem,
  scryptSlots,
} from '../../src/auth/password/passwords.ts';
import { validatePassword } from '../../src/auth/password/password-validation.ts';

const MiB = 1024 * 1024;

describe('password hashing', () => {
  it('is OWASP-strength in production: scrypt N=2^17, r=8, p=1 unless told otherwise', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://notes.example.org',
      SECRET_KEY: 'k'.repeat(32),
    });
    expect(config.accounts.passwordHashCost).toBe('standard');
    expect(SCRYPT_COSTS[config.accounts.passwordHashCost]).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(new PasswordHasher().params).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    // Node refuses scrypt beyond maxmem; 2^17 at r=8 needs 128 MiB, above Node's 32 MiB default.
    const maxmem = scryptMaxmem(SCRYPT_COSTS.standard);
    expect(maxmem).toBeGreaterThanOrEqual(128 * MiB);
    expect(maxmem).toBeLessThan(129 * MiB);
    const hash = await new PasswordHasher().hash('s3cret enough');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('refuses the test-only cost in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://notes.example.org',
        SECRET_KEY: 'k'.repeat(32),
        PASSWORD_HASH_COST: 'test',
      }),
    ).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).accounts.passwordHashCost).toBe(
      'test',
    );
  });

  const hasher = new PasswordHasher(SCRYPT_COSTS.test);

  it('runs at most two hashes at once, so logins leave libuv threads for file reads', async () => {
    const hasher = new PasswordHasher(SCRYPT_COSTS.test);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, scryptSlots.load.running)), 0);
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hasher.hash(`password ${i}`)));
    clearInterval(watch);
    expect(new Set(hashes).size).toBe(6);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
    expect(scryptSlots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('checks the right password only, with a fresh salt each time', async () => {
    const a = await hasher.hash('s3cret enough');
    const b = await hasher.hash('s3cret enough');
    expect(a).not.toBe(b);
    expect(await hasher.check('s3cret enough', a)).toEqual({ ok: true, rehash: undefined });
    expect(await hasher.check('s3cret enougH', a)).toEqual({ ok: false });
  });

  it('offers a new hash for a right password stored with weaker parameters, never for a wrong one', async () => {
    const weak = await new PasswordHasher({ N: 2 ** 8, r: 8, p: 1 }).hash('s3cret enough');
    expect(await hasher.check('wrong', weak)).toEqual({ ok: false });
    const check = await hasher.check('s3cret enough', weak);
    expect(check.ok).toBe(true);
    const rehash = check.ok ? check.rehash : undefined;
    expect(rehash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await hasher.check('s3cret enough', rehash!)).toEqual({ ok: true, rehash: undefined });
    // Stronger than configured is kept as it is.
    const strong = await new PasswordHasher({ N: 2 ** 11, r: 8, p: 1 }).hash('s3cret enough');
    expect(await hasher.check('s3cret enough', strong)).toEqual({ ok: true, rehash: undefined });
  });

  it('answers false, after the same work, when there is no usable hash', async () => {
    for (const stored of [null, '', 'md5$abc', 'scrypt$1099511627776$8$1$c2FsdA==$a2V5a2V5a2V5a2V5a2V5']) {
      expect(await hasher.check('anything', stored)).toEqual({ ok: false });
    }
  });
});

describe('password validation', () => {
  const codes = (password: string, user = {}) => validatePassword(password, user).map((e) => e.code);
  it('applies length, numeric and similarity rules', () => {
    expect(codes('short')).toContain('password_too_short');
    expect(codes('12345678901')).toContain('password_entirely_numeric');
    expect(codes('margaret1', { username: 'margaret' })).toContain('password_too_similar');
    expect(codes('hamilton99', { email: 'margaret.hamilton@nasa.gov' })).toContain('password_too_similar');
    expect(codes('an unrelated passphrase', { username: 'margaret', email: 'm@nasa.gov' })).toEqual([]);
  });
});
