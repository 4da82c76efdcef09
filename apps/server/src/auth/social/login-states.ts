import type { Db } from '../../db/database.ts';
import type { SocialLoginStateRow } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';

/** allauth's SOCIALACCOUNT_STATE_TTL: a provider login must come back within 10 minutes. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

export interface NewLoginState {
  state: string;
  browserToken: string;
  provider: string;
  process: 'login' | 'connect';
  callbackPath: string;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
  userId: string | null;
}

export async function saveLoginState(db: Db, input: NewLoginState, now = Date.now()): Promise<void> {
  // Expired states are swept as new ones are made: the table stays small without a timer.
  await db.deleteFrom('social_login_states').where('expires_at', '<=', now).execute();
  await db
    .insertInto('social_login_states')
    .values({
      state_hash: sha256(input.state),
      browser_hash: sha256(input.browserToken),
      provider: input.provider,
      process: input.process,
      callback_path: input.callbackPath,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
      nonce: input.nonce,
      user_id: input.userId,
      created_at: now,
      expires_at: now + LOGIN_STATE_TTL_MS,
    })
    .execute();
}

/**
 * Takes the state out of the table (single use: of two racing callbacks only one gets it).
 * Undefined when it is unknown, expired, for another provider or started by another browser.
 */
export async function takeLoginState(
  db: Db,
  state: string,
  provider: string,
  browserToken: string | undefined,
  now = Date.now(),
): Promise<SocialLoginStateRow | undefined> {
  const stateHash = sha256(state);
  const row = await db
    .selectFrom('social_login_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db
    .deleteFrom('social_login_states')
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return undefined;
  if (row.expires_at <= now || row.provider !== provider) return undefined;
  if (!browserToken || sha256(browserToken) !== row.browser_hash) return undefined;
  return row;
}
