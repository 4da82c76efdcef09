import { randomInt } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../../db/database.ts';
import { AuthInputError } from '../auth-errors.ts';
import {
  deleteAuthenticator,
  findWebauthnByCredentialId,
  insertAuthenticator,
  listAuthenticators,
  updateAuthenticator,
  type WebauthnAuthenticator,
} from './authenticators-repository.ts';
import type { SecretBox } from './secret-box.ts';
import {
  userHandleOf,
  verifyAssertion,
  type CredentialDescriptor,
  type NewCredential,
} from './webauthn-ceremonies.ts';
import type { RelyingParty } from './webauthn-settings.ts';

/**
 * An account's passkeys (allauth's WebAuthn authenticators): registering, naming, removing,
 * and checking an assertion against the one it names. Every lookup but the passkey login's
 * is scoped to the account.
 */

interface Store {
  db: Db;
  box: SecretBox;
}

/** allauth's longest authenticator name (UpdateWebAuthnInput). */
export const PASSKEY_NAME_MAX = 100;
/** Public ids are random below this, like the sessions' (an integer, as allauth's API has it). */
const PUBLIC_ID_MAX = 2 ** 48;

export async function passkeysOf({ db, box }: Store, userId: string): Promise<WebauthnAuthenticator[]> {
  const all = await listAuthenticators(db, box, userId);
  return all.filter((a): a is WebauthnAuthenticator => a.type === 'webauthn');
}

export function descriptorsOf(passkeys: WebauthnAuthenticator[]): CredentialDescriptor[] {
  return passkeys.flatMap((p) =>
    p.credentialId ? [{ id: p.credentialId, transports: p.data.transports }] : [],
  );
}

/** allauth's generate_authenticator_name. */
function defaultName(count: number): string {
  if (count === 0) return 'Master key';
  if (count === 1) return 'Backup key';
  return `Key nr. ${count + 1}`;
}

const alreadyRegistered = new AuthInputError([
  {
    param: 'credential',
    code: 'incorrect_code',
    message: 'This passkey is already registered. Use another authenticator.',
  },
]);

export async function registerPasskey(
  store: Store,
  userId: string,
  name: string | undefined,
  credential: NewCredential,
  passwordless: boolean,
): Promise<WebauthnAuthenticator> {
  const existing = await passkeysOf(store, userId);
  if (await findWebauthnByCredentialId(store.db, store.box, credential.id)) throw alreadyRegistered;
  const taken = new Set(existing.map((p) => p.data.publicId));
  let publicId = randomInt(1, PUBLIC_ID_MAX);
  while (taken.has(publicId)) publicId = randomInt(1, PUBLIC_ID_MAX);
  try {
    return await insertAuthenticator(store.db, store.box, {
      userId,
      type: 'webauthn',
      name: name?.trim() ? name.trim().slice(0, PASSKEY_NAME_MAX) : defaultName(existing.length),
      credentialId: credential.id,
      data: {
        publicId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports,
        passwordless,
        aaguid: credential.aaguid,
        backedUp: credential.backedUp,
        deviceType: credential.deviceType,
      },
    });
  } catch (error) {
    // The same credential registered by a request racing this one: the unique index decided.
    if (await findWebauthnByCredentialId(store.db, store.box, credential.id)) throw alreadyRegistered;
    throw error;
  }
}

/** The account's passkey allauth's API calls by `publicId`, if it has one. */
export async function findOwnPasskey(
  store: Store,
  userId: string,
  publicId: number,
): Promise<WebauthnAuthenticator | undefined> {
  return (await passkeysOf(store, userId)).find((p) => p.data.publicId === publicId);
}

export async function renamePasskey(store: Store, passkey: WebauthnAuthenticator, name: string) {
  await updateAuthenticator(store.db, store.box, passkey.userId, passkey.id, { name });
  return { ...passkey, name };
}

export async function removePasskeys(store: Store, userId: string, passkeys: WebauthnAuthenticator[]) {
  for (const passkey of passkeys) await deleteAuthenticator(store.db, userId, passkey.id);
}

export const unknownPasskey = new AuthInputError([
  {
    param: 'credential',
    code: 'incorrect_code',
    message:
      'This passkey is not registered with any account here. Log in another way, then add it to your account.',
  },
]);
const otherAccountsPasskey = new AuthInputError([
  {
    param: 'credential',
    code: 'incorrect_code',
    message:
      'This passkey belongs to a different account. Use a passkey of the account you are signing in to.',
  },
]);
const replayed = new AuthInputError([
  {
    param: 'credential',
    code: 'incorrect_code',
    message: 'This passkey answer was already used. Please try again.',
  },
]);

/**
 * Checks an assertion: the passkey it names must exist and, when `userId` is given, belong to
 * that account; a user handle, when sent, must be the owner's. Then the signature, and the
 * counter, which is stored only if no other request stored one first (each assertion counts
 * once). Returns the passkey, marked as used.
 */
export async function checkAssertion(
  store: Store,
  rp: RelyingParty,
  assertion: AuthenticationResponseJSON,
  challenge: string,
  options: { userId: string | null; requireUserVerification: boolean },
  now = Date.now(),
): Promise<WebauthnAuthenticator> {
  const passkey = await findWebauthnByCredentialId(store.db, store.box, assertion.id);
  if (!passkey) throw unknownPasskey;
  if (options.userId !== null && passkey.userId !== options.userId) throw otherAccountsPasskey;
  const handle = assertion.response.userHandle;
  if (handle && handle !== userHandleOf(passkey.userId)) throw otherAccountsPasskey;
  const { newCounter, backedUp } = await verifyAssertion(
    rp,
    assertion,
    challenge,
    {
      id: assertion.id,
      publicKey: passkey.data.publicKey,
      counter: passkey.data.counter,
      transports: passkey.data.transports,
    },
    options.requireUserVerification,
  );
  const stored = await updateAuthenticator(store.db, store.box, passkey.userId, passkey.id, {
    data: { ...passkey.data, counter: newCounter, backedUp },
    lastUsedAt: now,
    expectedVersion: passkey.version,
  });
  if (!stored) throw replayed;
  return { ...passkey, lastUsedAt: now, data: { ...passkey.data, counter: newCounter, backedUp } };
}
