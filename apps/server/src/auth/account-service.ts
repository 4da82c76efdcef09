import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { AuthInputError, requiredError, type FieldError } from './auth-errors.ts';
import { emailErrors, usernameErrors } from './account-validation.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { validatePassword } from './password-validation.ts';
import {
  findUserByEmail,
  findUserByUsername,
  insertUser,
  normaliseEmail,
  normaliseUsername,
} from './users-repository.ts';

export interface SignupInput {
  email: string | undefined;
  username: string | undefined;
  password: string | undefined;
}

/** Creates a local account, or throws AuthInputError listing every problem at once. */
export async function signUp(db: Db, input: SignupInput): Promise<UserRow> {
  const errors: FieldError[] = [...emailErrors(input.email), ...usernameErrors(input.username)];
  if (!input.password) errors.push(requiredError('password'));
  else
    errors.push(
      ...validatePassword(input.password, { username: input.username, email: input.email }),
    );
  if (errors.length === 0 && input.email && input.username) {
    if (await findUserByUsername(db, input.username)) {
      errors.push({
        param: 'username',
        code: 'username_taken',
        message: 'A user with that username already exists.',
      });
    }
    if (await findUserByEmail(db, input.email)) {
      errors.push({
        param: 'email',
        code: 'email_taken',
        message: 'A user is already registered with this email address.',
      });
    }
  }
  if (errors.length > 0) throw new AuthInputError(errors);

  const email = input.email!.trim();
  const username = input.username!.trim();
  const now = Date.now();
  const user: UserRow = {
    id: newId(now),
    username,
    username_key: normaliseUsername(username),
    email,
    email_key: normaliseEmail(email),
    email_verified: 0,
    password_hash: await hashPassword(input.password!),
    created_at: now,
    password_changed_at: now,
  };
  try {
    await insertUser(db, user);
  } catch (error) {
    // Two signups raced past the checks above; the unique index decided.
    if (await findUserByUsername(db, username)) {
      throw new AuthInputError([
        { param: 'username', code: 'username_taken', message: 'A user with that username already exists.' },
      ]);
    }
    throw error;
  }
  return user;
}

export interface LoginInput {
  username: string | undefined;
  email: string | undefined;
  password: string | undefined;
}

/** Checks credentials; a wrong password and an unknown account answer the same way. */
export async function logIn(db: Db, input: LoginInput): Promise<{ user: UserRow; by: 'email' | 'username' }> {
  const by = input.email !== undefined && input.username === undefined ? 'email' : 'username';
  const identifier = by === 'email' ? input.email : input.username;
  const errors: FieldError[] = [];
  if (!identifier?.trim()) errors.push(requiredError(by));
  if (!input.password) errors.push(requiredError('password'));
  if (errors.length > 0) throw new AuthInputError(errors);

  // "Username or email" in one field: an @ means an email address.
  const user =
    by === 'email' || identifier!.includes('@')
      ? await findUserByEmail(db, identifier!)
      : await findUserByUsername(db, identifier!);
  const ok = user?.password_hash ? await verifyPassword(input.password!, user.password_hash) : false;
  if (!user || !ok) {
    if (!user) await burnPasswordCheck(input.password!);
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
  return { user, by };
}
