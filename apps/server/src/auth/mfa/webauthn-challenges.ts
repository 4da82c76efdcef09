import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthInputError } from '../auth-errors.ts';
import type { CookieChanges } from '../flows/auth-outcome.ts';
import type { Session } from '../sessions/session-store.ts';
import type { WebauthnChallengeState, WebauthnPurpose } from '../sessions/webauthn-challenge-state.ts';
import { CEREMONY_TIMEOUT_MS } from './webauthn-settings.ts';

/** A fresh challenge: 32 random bytes, base64url. */
export function newChallenge(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Remembers the challenge on the visitor's session, replacing any earlier one (one ceremony
 * at a time, as allauth). A visitor without a session (a passkey login straight away) gets
 * an anonymous one to hold it, whose cookie the answer must carry.
 */
export async function rememberChallenge(
  app: FastifyInstance,
  request: FastifyRequest,
  state: Omit<WebauthnChallengeState, 'at'>,
): Promise<CookieChanges | undefined> {
  const webauthn: WebauthnChallengeState = { ...state, at: Date.now() };
  const session = await request.getSession();
  if (!session) return { session: await app.sessions.begin(request, null, { methods: [], webauthn }) };
  // A new object: the loaded session's data may be shared with the store's cache.
  await app.sessions.store.save({ ...session, data: { ...session.data, webauthn } });
  return undefined;
}

export const challengeExpired = new AuthInputError([
  {
    param: 'credential',
    code: 'incorrect_code',
    message: 'This passkey request has expired or was already used. Please try again.',
  },
]);

/**
 * Takes the session's challenge for `purpose` off the session before anything is verified,
 * so each challenge is answered at most once, right or wrong; throws when there is none, it
 * is older than the ceremony timeout, or it was issued for something else. Returns the
 * challenge and the session as it now is (later saves must start from it).
 */
export async function takeChallenge(
  app: FastifyInstance,
  session: Session | undefined,
  purpose: WebauthnPurpose,
  now = Date.now(),
): Promise<{ state: WebauthnChallengeState; session: Session }> {
  const state = session?.data.webauthn;
  if (!session || !state) throw challengeExpired;
  const data = { ...session.data };
  delete data.webauthn;
  const updated: Session = { ...session, data };
  await app.sessions.store.save(updated);
  if (state.purpose !== purpose || now - state.at > CEREMONY_TIMEOUT_MS) throw challengeExpired;
  return { state, session: updated };
}
