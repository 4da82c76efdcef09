import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { AuthenticatorType } from '../../db/schema.ts';

/**
 * What makes a user's login need a second factor (allauth's is_mfa_enabled): a TOTP or a
 * WebAuthn authenticator. Recovery codes alone never count; they only back the others up.
 */
export async function secondFactorIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('authenticators')
    .select(['id', 'type'])
    .where('user_id', '=', userId)
    .where('type', 'in', ['totp', 'webauthn'])
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.type}:${row.id}`);
}

export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return (await secondFactorIds(db, userId)).length > 0;
}

/**
 * A digest of the user's second factors: a trusted browser is trusted for this set only, so
 * turning TOTP off (or on again with a new secret) or changing passkeys ends the trust.
 */
export function factorsFingerprint(userId: string, factorIds: string[]): string {
  return createHash('sha256').update(userId).update('\n').update(factorIds.join('\n')).digest('base64url');
}

/** The types of authenticator the user has, in allauth's order (what mfa_reauthenticate accepts). */
export async function authenticatorTypes(db: Db, userId: string): Promise<AuthenticatorType[]> {
  const rows = await db
    .selectFrom('authenticators')
    .select('type')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  const present = new Set(rows.map((row) => row.type));
  return (['totp', 'recovery_codes', 'webauthn'] as const).filter((type) => present.has(type));
}
