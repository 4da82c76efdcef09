import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.ts';
import { validatePassword } from '../../src/auth/password-validation.ts';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('s3cret enough');
    const b = await hashPassword('s3cret enough');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('s3cret enough', a)).toBe(true);
    expect(await verifyPassword('s3cret enougH', a)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
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
