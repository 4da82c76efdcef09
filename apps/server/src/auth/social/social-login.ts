import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { AuthInputError, type FieldError } from '../auth-errors.ts';
import { emailErrors, emailTaken, usernameErrors, usernameTaken } from '../accounts/account-validation.ts';
import type { AuthSettings } from '../auth-settings.ts';
import type { ProviderSignupPending } from '../sessions/pending-flows.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  normaliseEmail,
  normaliseUsername,
} from '../accounts/users-repository.ts';
import { uniqueUsername } from '../accounts/usernames.ts';
import type { ProviderIdentity } from './provider-clients.ts';
import { findSocialAccount, linkSocialAccount, touchSocialAccount } from './social-accounts-repository.ts';

/** What the callback does once the provider has said who the person is. */
export type SocialLoginOutcome =
  | { kind: 'login'; user: UserRow; methods: AuthMethod[] }
  /** A linked account whose own address still waits for confirmation. */
  | { kind: 'verify_email'; user: UserRow; methods: AuthMethod[] }
  | { kind: 'provider_signup'; pending: ProviderSignupPending }
  /** `linked`: the provider account was connected just now, not only seen again. */
  | { kind: 'connected'; linked: boolean }
  | { kind: 'error'; code: 'signup_closed' | 'account_in_use' };

function socialMethod(provider: string, uid: string, at: number): AuthMethod {
  return { method: 'socialaccount', at, provider, uid };
}

/**
 * allauth's rules, with its email-authentication set-up (SOCIALACCOUNT_EMAIL_AUTHENTICATION
 * and _AUTO_CONNECT) restricted to verified addresses:
 * 1. a provider account already linked logs its user in;
 * 2. a verified address that belongs to an account whose own address is verified links to it;
 * 3. a verified address nobody uses creates an account (when signup is open);
 * 4. anything else (no address, unverified, or an unverified account behind it) asks the
 *    person through the provider signup flow.
 */
export async function completeSocialLogin(
  db: Db,
  settings: AuthSettings,
  provider: string,
  identity: ProviderIdentity,
  connectUserId: string | null,
): Promise<SocialLoginOutcome> {
  const at = Date.now();
  const methods = [socialMethod(provider, identity.uid, at)];
  const linked = await findSocialAccount(db, provider, identity.uid);

  if (connectUserId) {
    if (linked && linked.user_id !== connectUserId) return { kind: 'error', code: 'account_in_use' };
    if (linked) await touchSocialAccount(db, linked.id, identity, at);
    else await linkSocialAccount(db, connectUserId, provider, identity, at);
    return { kind: 'connected', linked: !linked };
  }

  if (linked) {
    const user = await findUserById(db, linked.user_id);
    if (user) {
      await touchSocialAccount(db, linked.id, identity, at);
      const waiting = settings.emailVerification === 'mandatory' && !user.email_verified;
      return { kind: waiting ? 'verify_email' : 'login', user, methods };
    }
  }

  if (identity.email && identity.emailVerified) {
    const owner = await findUserByEmail(db, identity.email);
    if (owner?.email_verified) {
      await linkSocialAccount(db, owner.id, provider, identity, at);
      return { kind: 'login', user: owner, methods };
    }
    if (!owner) {
      if (!settings.signupOpen) return { kind: 'error', code: 'signup_closed' };
      const user = await createSocialUser(db, {
        email: identity.email,
        username: await uniqueUsernameOf(db, usernameCandidates(identity)),
        emailVerified: true,
      });
      if (user) {
        await linkSocialAccount(db, user.id, provider, identity, at);
        return { kind: 'login', user, methods };
      }
    }
  }

  if (!settings.signupOpen) return { kind: 'error', code: 'signup_closed' };
  return {
    kind: 'provider_signup',
    pending: {
      flow: 'provider_signup',
      at,
      provider,
      uid: identity.uid,
      email: identity.email,
      display: identity.display,
      username: await uniqueUsernameOf(db, usernameCandidates(identity)),
    },
  };
}

/** Inserts an account without a password; undefined when a racing signup took the email or username. */
async function createSocialUser(
  db: Db,
  input: { email: string; username: string; emailVerified: boolean },
): Promise<UserRow | undefined> {
  const now = Date.now();
  const user: UserRow = {
    id: newId(now),
    username: input.username,
    username_key: normaliseUsername(input.username),
    email: input.email.trim(),
    email_key: normaliseEmail(input.email),
    email_verified: input.emailVerified ? 1 : 0,
    password_hash: null,
    created_at: now,
    password_changed_at: now,
    pads_version: 0,
  };
  try {
    await insertUser(db, user);
    return user;
  } catch (error) {
    if ((await findUserByUsername(db, user.username)) || (await findUserByEmail(db, user.email))) {
      return undefined;
    }
    throw error;
  }
}

function usernameCandidates(identity: ProviderIdentity): string[] {
  const raw = [identity.username, identity.email?.split('@')[0], identity.display, 'user'];
  return raw
    .map((value) =>
      (value ?? '')
        .normalize('NFKC')
        .replace(/[^\p{L}\p{N}_.+-]+/gu, '')
        .slice(0, 30),
    )
    .filter((value) => value.length >= 1);
}

/** allauth's generate_unique_username: the first usable candidate, numbered if taken (alice, alice2, ...). */
function uniqueUsernameOf(db: Db, candidates: string[]): Promise<string> {
  return uniqueUsername(db, candidates.find((c) => usernameErrors(c).length === 0) ?? 'user');
}

export type ProviderSignupOutcome =
  { created: UserRow; methods: AuthMethod[] } | { emailTaken: string; methods: AuthMethod[] };

/**
 * allauth's provider signup: the person gives an address (and may choose a username); the
 * account is created without a password and linked to the provider account. As with local
 * signups, with enumeration prevention a taken address is not reported: its owner is mailed.
 */
export async function providerSignUp(
  db: Db,
  pending: ProviderSignupPending,
  input: { email: string | undefined; username: string | undefined },
  options: { preventEnumeration: boolean },
): Promise<ProviderSignupOutcome> {
  const chosenUsername = input.username?.trim() ? input.username : undefined;
  const errors: FieldError[] = [
    ...emailErrors(input.email),
    ...(chosenUsername !== undefined ? usernameErrors(chosenUsername) : []),
  ];
  if (errors.length === 0 && chosenUsername && (await findUserByUsername(db, chosenUsername))) {
    errors.push(usernameTaken);
  }
  const email = input.email?.trim() ?? '';
  let emailInUse = false;
  if (errors.length === 0) {
    emailInUse = (await findUserByEmail(db, email)) !== undefined;
    if (emailInUse && !options.preventEnumeration) errors.push(emailTaken);
  }
  if (errors.length > 0) throw new AuthInputError(errors);

  const at = Date.now();
  const methods = [socialMethod(pending.provider, pending.uid, at)];
  if (emailInUse) return { emailTaken: email, methods };
  const username =
    chosenUsername?.trim() ??
    (await uniqueUsernameOf(
      db,
      [pending.username ?? '', ...usernameCandidates({ ...pending, emailVerified: false })].filter(Boolean),
    ));
  const user = await createSocialUser(db, { email, username, emailVerified: false });
  if (!user) {
    if (await findUserByUsername(db, username)) throw new AuthInputError([usernameTaken]);
    if (options.preventEnumeration) return { emailTaken: email, methods };
    throw new AuthInputError([emailTaken]);
  }
  await linkSocialAccount(db, user.id, pending.provider, pending, at);
  return { created: user, methods };
}
