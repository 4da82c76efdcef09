import type { ApiToken, CreatedApiToken } from '@voxpad/shared/api-tokens';
import type { Db } from '../db/database.ts';
import type { ApiTokenRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { toIso } from '../lib/time.ts';
import { newToken, sha256 } from '../lib/tokens.ts';
import { findApiTokenByHash, insertApiToken, listApiTokens, touchApiToken } from './api-tokens-repository.ts';

/** Prefix of every personal API token: recognisable in logs and by secret scanners. */
export const API_TOKEN_PREFIX = 'vxp_';
const TOKEN_PATTERN = /^vxp_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per token, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    created_at: toIso(Number(row.created_at)),
    last_used_at: row.last_used_at === null ? null : toIso(Number(row.last_used_at)),
  };
}

export async function createApiToken(db: Db, userId: string, name: string): Promise<CreatedApiToken> {
  const now = Date.now();
  const token = API_TOKEN_PREFIX + newToken();
  const row: ApiTokenRow = {
    id: newId(now),
    user_id: userId,
    name,
    token_hash: sha256(token),
    created_at: now,
    last_used_at: null,
  };
  await insertApiToken(db, row);
  return { ...presentApiToken(row), token };
}

export async function listTokensOf(db: Db, userId: string): Promise<ApiToken[]> {
  return (await listApiTokens(db, userId)).map(presentApiToken);
}

/**
 * The user a `Bearer` token belongs to, or undefined for a missing, malformed, unknown or
 * revoked token. Records when the token was last used.
 */
export async function authenticateBearer(
  db: Db,
  authorization: string | undefined,
): Promise<string | undefined> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const row = await findApiTokenByHash(db, sha256(token));
  if (!row) return undefined;
  const now = Date.now();
  if (row.last_used_at === null || now - Number(row.last_used_at) >= TOUCH_INTERVAL_MS) {
    await touchApiToken(db, row.id, now);
  }
  return row.user_id;
}
