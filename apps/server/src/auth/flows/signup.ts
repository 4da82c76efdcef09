import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import { emailErrors, emailTaken, usernameErrors, usernameTaken } from '../accounts/account-validation.ts';
import type { PasswordHasher } from '../password/passwords.ts';
import { validatePassword } from '../password/password-validation.ts';
import { uniqueUsername, usernameBaseFromEmail } from '../accounts/usernames.ts';
import {
  findUserByEmail,
  findUserByUsername,
  insertUser,
  normaliseEmail,
  normaliseUsername,
} from '../accounts/users-repository.ts';

export interface SignupInput {
  email: string | undefined;
  username: string | undefined;
  password: string | undefined;
}

/** A new account, or (enumeration prevention) the address that already had one. */
export type SignupOutcome = { created: UserRow } | { emailTaken: string };

/**
 * Creates a local account, or throws AuthInputError listing every problem at once. With
 * `preventEnumeration` a taken email address is not an error: the caller answers as for a new
 * account and mails the address's owner instead. A taken username is still an error, as in allauth.
 * A username left out, when not `usernameRequired`, is derived from the address (allauth's
 * generate_unique_username), so clients that only ask for an email and a password can sign up.
 */
export async function signUp(
  db: Db,
  passwords: PasswordHasher,
  input: SignupInput,
  options: {
    preventEnumeration: boolean;
    usernameRequired: boolean;
    /** allauth's passkey signup: no password; the account's first passkey is its way in. */
    withoutPassword?: boolean;
  },
): Promise<SignupOutcome> {
  const chosen = options.usernameRequired || input.username?.trim() ? input.username : undefined;
  const errors: FieldError[] = [...emailErrors(input.email)];
  if (chosen !== undefined || options.usernameRequired) errors.push(...usernameErrors(chosen));
  if (!options.withoutPassword) {
    if (!input.password) errors.push(requiredError('password'));
    else errors.push(...validatePassword(input.password, { username: chosen, email: input.email }));
  }
  let emailInUse = false;
  if (errors.length === 0 && input.email) {
    if (chosen && (await findUserByUsername(db, chosen))) errors.push(usernameTaken);
    emailInUse = (await findUserByEmail(db, input.email)) !== undefined;
    if (emailInUse && !options.preventEnumeration) errors.push(emailTaken);
  }
  if (errors.length > 0) throw new AuthInputError(errors);

  const email = input.email!.trim();
  // Hash in both cases, so a taken address answers no faster than a new account.
  const passwordHash = options.withoutPassword ? null : await passwords.hash(input.password!);
  if (emailInUse) return { emailTaken: email };
  // A derived name can lose a race to another signup; a fresh one is picked then.
  for (let attempt = 1; ; attempt++) {
    const username = chosen?.trim() ?? (await uniqueUsername(db, usernameBaseFromEmail(email)));
    const now = Date.now();
    const user: UserRow = {
      id: newId(now),
      username,
      username_key: normaliseUsername(username),
      email,
      email_key: normaliseEmail(email),
      email_verified: 0,
      password_hash: passwordHash,
      created_at: now,
      password_changed_at: now,
      pads_version: 0,
    };
    try {
      await insertUser(db, user);
      return { created: user };
    } catch (error) {
      // Two signups raced past the checks above; the unique indexes decided.
      if (await findUserByEmail(db, email)) {
        if (options.preventEnumeration) return { emailTaken: email };
        throw new AuthInputError([emailTaken]);
      }
      if (!(await findUserByUsername(db, username))) throw error;
      if (chosen !== undefined || attempt >= 3) throw new AuthInputError([usernameTaken]);
    }
  }
}
