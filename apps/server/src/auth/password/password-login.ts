import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { findUserByEmail, findUserByUsername, replacePasswordHash } from '../accounts/users-repository.ts';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import type { PasswordHasher } from './passwords.ts';

export interface LoginInput {
  username: string | undefined;
  email: string | undefined;
  password: string | undefined;
}

const tooManyAttempts: FieldError = {
  code: 'too_many_login_attempts',
  message: 'Too many failed login attempts. Try again later.',
};

/** allauth's login_failed key: the identifier as typed, so unknown accounts count the same. */
export function loginAttemptKey(identifier: string): string {
  return identifier.trim().toLowerCase();
}

/**
 * Checks credentials; a wrong password, an unknown account and an account without a password
 * answer the same way after the same work. Every attempt counts towards allauth's
 * `login_failed` limit before the password is even looked at, and a success forgets the count,
 * so guessing stops after a few tries per account and per IP. A success also upgrades a hash
 * made with weaker scrypt parameters.
 */
export async function logIn(
  db: Db,
  passwords: PasswordHasher,
  limiter: RateLimiter,
  ip: string,
  input: LoginInput,
): Promise<{ user: UserRow; by: 'email' | 'username' }> {
  const by = input.email !== undefined && input.username === undefined ? 'email' : 'username';
  const identifier = by === 'email' ? input.email : input.username;
  const errors: FieldError[] = [];
  if (!identifier?.trim()) errors.push(requiredError(by));
  if (!input.password) errors.push(requiredError('password'));
  if (errors.length > 0) throw new AuthInputError(errors);

  const attempts = { ip, key: loginAttemptKey(identifier!) };
  if (!(await limiter.consume('login_failed', attempts))) throw new AuthInputError([tooManyAttempts]);

  // "Username or email" in one field: an @ means an email address.
  const user =
    by === 'email' || identifier!.includes('@')
      ? await findUserByEmail(db, identifier!)
      : await findUserByUsername(db, identifier!);
  const check = await passwords.check(input.password!, user?.password_hash ?? null);
  if (!user || !check.ok) {
    throw new AuthInputError([
      by === 'email'
        ? {
            param: 'password',
            code: 'email_password_mismatch',
            message: 'The email address and/or password you specified are not correct.',
          }
        : {
            param: 'password',
            code: 'username_password_mismatch',
            message: 'The username and/or password you specified are not correct.',
          },
    ]);
  }
  if (check.rehash) await replacePasswordHash(db, user.id, user.password_hash!, check.rehash);
  await limiter.clear('login_failed', attempts);
  return { user, by };
}
