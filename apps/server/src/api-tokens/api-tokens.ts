import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import type { ApiToken, CreateApiToken, CreatedApiToken } from '@voxpad/shared/api-tokens';
import type { Db } from '../db/database.ts';
import type { ApiTokenRow } from '../db/schema.ts';
import { ApiProblem } from '../http/api-problem.ts';
import { newId } from '../lib/ids.ts';
import { toIso } from '../lib/time.ts';
import { newToken, sha256 } from '../lib/tokens.ts';
import {
  countLiveApiTokens,
  deleteApiToken,
  findApiTokenByHash,
  insertApiToken,
  listApiTokens,
  touchApiToken,
} from './api-tokens-repository.ts';

/** Prefix of every personal API token: recognisable in logs and by secret scanners. */
export const API_TOKEN_PREFIX = 'vxp_';
const TOKEN_PATTERN = /^vxp_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per token, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    created_at: toIso(Number(row.created_at)),
    last_used_at: row.last_used_at === null ? null : toIso(Number(row.last_used_at)),
    expires_at: row.expires_at === null ? null : toIso(Number(row.expires_at)),
  };
}

/**
 * 409, not 429: waiting does not help, revoking a token does. The limit is the account's
 * state, not the pace of its requests.
 */
function tooManyTokens(limit: number): ApiProblem {
  return new ApiProblem(409, [
    {
      code: API_ERROR_CODES.tooManyApiTokens,
      message: `You already have ${limit} API tokens, the most one account can hold. Revoke one you no longer use, then create the new one.`,
    },
  ]);
}

export async function createApiToken(
  db: Db,
  userId: string,
  input: CreateApiToken,
  limits: { maxPerUser: number },
): Promise<CreatedApiToken> {
  const now = Date.now();
  if ((await countLiveApiTokens(db, userId, now)) >= limits.maxPerUser) {
    throw tooManyTokens(limits.maxPerUser);
  }
  const token = API_TOKEN_PREFIX + newToken();
  const row: ApiTokenRow = {
    id: newId(now),
    user_id: userId,
    name: input.name,
    token_hash: sha256(token),
    created_at: now,
    last_used_at: null,
    expires_at: input.expires_in_days ? now + input.expires_in_days * DAY_MS : null,
  };
  await insertApiToken(db, row);
  // Concurrent requests can all pass the count above; counting again after the insert keeps
  // the limit on both databases without locks (in a tie every racer backs out, none is lost).
  if ((await countLiveApiTokens(db, userId, now)) > limits.maxPerUser) {
    await deleteApiToken(db, userId, row.id);
    throw tooManyTokens(limits.maxPerUser);
  }
  return { ...presentApiToken(row), token };
}

export async function listTokensOf(db: Db, userId: string): Promise<ApiToken[]> {
  return (await listApiTokens(db, userId)).map(presentApiToken);
}

/**
 * The user a `Bearer` token belongs to, or undefined for a missing, malformed, unknown,
 * revoked or expired token. Records when the token was last used.
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
  if (row.expires_at !== null && Number(row.expires_at) <= now) return undefined;
  if (row.last_used_at === null || now - Number(row.last_used_at) >= TOUCH_INTERVAL_MS) {
    await touchApiToken(db, row.id, now);
  }
  return row.user_id;
}
