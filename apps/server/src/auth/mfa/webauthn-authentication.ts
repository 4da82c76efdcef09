import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { withData, type AuthOutcome } from '../flows/auth-outcome.ts';
import type { Session } from '../sessions/session-store.ts';
import type { WebauthnAuthenticator } from './authenticators-repository.ts';
import { requestOptions } from './webauthn-ceremonies.ts';
import type { WebauthnPurpose } from '../sessions/webauthn-challenge-state.ts';
import { challengeExpired, rememberChallenge, takeChallenge } from './webauthn-challenges.ts';
import { readAssertion } from './webauthn-credential-input.ts';
import { checkAssertion, descriptorsOf, passkeysOf } from './webauthn-credentials.ts';
import { relyingParty } from './webauthn-settings.ts';

type AuthenticationPurpose = Extract<WebauthnPurpose, 'login' | 'authenticate' | 'reauthenticate'>;

/**
 * allauth's begin_authentication: request options whose challenge the session keeps. For a
 * known account (second factor, reauthentication) its passkeys are listed; for a passkey login
 * none are (`userId` null), so the browser offers the discoverable ones it holds, also as
 * autofill (conditional UI), and the person must verify themselves.
 */
export async function beginAuthentication(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  purpose: AuthenticationPurpose,
  userId: string | null,
): Promise<AuthOutcome> {
  const allowed = userId ? descriptorsOf(await passkeysOf(ctx, userId)) : [];
  const options = await requestOptions(
    relyingParty(request, ctx.settings.publicUrl),
    allowed,
    userId ? 'preferred' : 'required',
  );
  const cookies = await rememberChallenge(app, request, { purpose, challenge: options.challenge, userId });
  return { ...withData({ request_options: { publicKey: options } }), ...(cookies ? { cookies } : {}) };
}

/**
 * allauth's complete_authentication: the browser's signed answer to the session's challenge,
 * from a passkey of `userId` (any account's for a passkey login, which must verify the
 * person). Returns the passkey and the session as it now is (its challenge used up).
 */
export async function completeAuthentication(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  purpose: AuthenticationPurpose,
  userId: string | null,
): Promise<{ passkey: WebauthnAuthenticator; session: Session }> {
  const assertion = readAssertion(request.body);
  const { state, session } = await takeChallenge(app, await request.getSession(), purpose);
  if (state.userId !== userId) throw challengeExpired;
  const passkey = await checkAssertion(
    ctx,
    relyingParty(request, ctx.settings.publicUrl),
    assertion,
    state.challenge,
    { userId, requireUserVerification: userId === null },
  );
  return { passkey, session };
}
