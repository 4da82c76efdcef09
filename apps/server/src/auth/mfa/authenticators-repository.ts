import type { Db } from '../../db/database.ts';
import type { AuthenticatorRow, AuthenticatorType } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from './secret-box.ts';

export type { AuthenticatorType } from '../../db/schema.ts';

/** A TOTP secret (base32) and the last time step a code was accepted for (no code works twice). */
export interface TotpData {
  secret: string;
  lastUsedStep: number | null;
}

/** allauth's recovery codes: each works once; `used` holds the indexes already spent. */
export interface RecoveryCodesData {
  codes: string[];
  used: number[];
}

/** A WebAuthn credential as @simplewebauthn stores it (public key and counter, base64url). */
export interface WebauthnData {
  /** The number allauth's API calls the passkey by (its AuthenticatorID is an integer; our ids are not). */
  publicId: number;
  publicKey: string;
  counter: number;
  transports: string[];
  /** A passkey (discoverable, user-verified) that may log in on its own. */
  passwordless: boolean;
  aaguid?: string;
  backedUp?: boolean;
  deviceType?: string;
}

export interface AuthenticatorDataByType {
  totp: TotpData;
  recovery_codes: RecoveryCodesData;
  webauthn: WebauthnData;
}

interface AuthenticatorOf<T extends AuthenticatorType> {
  id: string;
  userId: string;
  type: T;
  name: string | null;
  credentialId: string | null;
  data: AuthenticatorDataByType[T];
  createdAt: number;
  lastUsedAt: number | null;
  /** The sealed data as read: an update may require it unchanged (no code used twice in a race). */
  version: string;
}

export type TotpAuthenticator = AuthenticatorOf<'totp'>;
export type RecoveryCodesAuthenticator = AuthenticatorOf<'recovery_codes'>;
export type WebauthnAuthenticator = AuthenticatorOf<'webauthn'>;
export type Authenticator = TotpAuthenticator | RecoveryCodesAuthenticator | WebauthnAuthenticator;
export type AuthenticatorOfType<T extends AuthenticatorType> = Extract<Authenticator, { type: T }>;

export interface NewAuthenticator<T extends AuthenticatorType> {
  userId: string;
  type: T;
  name?: string | null;
  credentialId?: string | null;
  data: AuthenticatorDataByType[T];
}

export interface AuthenticatorPatch<T extends AuthenticatorType = AuthenticatorType> {
  data?: AuthenticatorDataByType[T];
  name?: string;
  lastUsedAt?: number;
  /** Only update when the row still holds this version (the `version` read with it). */
  expectedVersion?: string;
}

/** Sealed data is bound to its row and owner: it cannot be copied to another user or row. */
const sealContext = (userId: string, id: string) => `authenticator:${userId}:${id}`;

function fromRow(box: SecretBox, row: AuthenticatorRow): Authenticator {
  const data: unknown = JSON.parse(box.open(row.data, sealContext(row.user_id, row.id)));
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    name: row.name,
    credentialId: row.credential_id,
    data,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    version: row.data,
  } as Authenticator;
}

/** The user's authenticators, oldest first. */
export async function listAuthenticators(db: Db, box: SecretBox, userId: string): Promise<Authenticator[]> {
  const rows = await db
    .selectFrom('authenticators')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => fromRow(box, row));
}

export async function findAuthenticator(
  db: Db,
  box: SecretBox,
  userId: string,
  id: string,
): Promise<Authenticator | undefined> {
  const row = await db
    .selectFrom('authenticators')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && fromRow(box, row);
}

/** The user's authenticator of a type that exists at most once (TOTP, recovery codes). */
export async function findAuthenticatorOfType<T extends 'totp' | 'recovery_codes'>(
  db: Db,
  box: SecretBox,
  userId: string,
  type: T,
): Promise<AuthenticatorOfType<T> | undefined> {
  const row = await db
    .selectFrom('authenticators')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row && (fromRow(box, row) as AuthenticatorOfType<T>);
}

/** A passkey by the credential id an authenticator presented (any user's: passkey logins start anonymous). */
export async function findWebauthnByCredentialId(
  db: Db,
  box: SecretBox,
  credentialId: string,
): Promise<WebauthnAuthenticator | undefined> {
  const row = await db
    .selectFrom('authenticators')
    .selectAll()
    .where('type', '=', 'webauthn')
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && (fromRow(box, row) as WebauthnAuthenticator);
}

export async function insertAuthenticator<T extends AuthenticatorType>(
  db: Db,
  box: SecretBox,
  input: NewAuthenticator<T>,
): Promise<AuthenticatorOfType<T>> {
  const now = Date.now();
  const id = newId(now);
  const row: AuthenticatorRow = {
    id,
    user_id: input.userId,
    type: input.type,
    name: input.name ?? null,
    credential_id: input.credentialId ?? null,
    data: box.seal(JSON.stringify(input.data), sealContext(input.userId, id)),
    created_at: now,
    last_used_at: null,
  };
  await db.insertInto('authenticators').values(row).execute();
  return fromRow(box, row) as AuthenticatorOfType<T>;
}

/** Changes one of the user's authenticators; false when there was none (or it changed meanwhile). */
export async function updateAuthenticator(
  db: Db,
  box: SecretBox,
  userId: string,
  id: string,
  patch: AuthenticatorPatch,
): Promise<boolean> {
  let query = db
    .updateTable('authenticators')
    .set({
      ...(patch.data !== undefined
        ? { data: box.seal(JSON.stringify(patch.data), sealContext(userId, id)) }
        : {}),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.lastUsedAt !== undefined ? { last_used_at: patch.lastUsedAt } : {}),
    })
    .where('user_id', '=', userId)
    .where('id', '=', id);
  if (patch.expectedVersion !== undefined) query = query.where('data', '=', patch.expectedVersion);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteAuthenticator(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('authenticators')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes every authenticator of a type the user has (e.g. recovery codes when the last factor goes). */
export async function deleteAuthenticatorsOfType(
  db: Db,
  userId: string,
  type: AuthenticatorType,
): Promise<number> {
  const result = await db
    .deleteFrom('authenticators')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countAuthenticators(db: Db, userId: string, type?: AuthenticatorType): Promise<number> {
  let query = db
    .selectFrom('authenticators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (type) query = query.where('type', '=', type);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
