import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { readString } from '../accounts/account-validation.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError } from '../auth-errors.ts';
import { withData, type AuthOutcome } from '../flows/auth-outcome.ts';
import type { WebauthnAuthenticator } from './authenticators-repository.ts';
import { creationOptions, verifyRegistration } from './webauthn-ceremonies.ts';
import { challengeExpired, rememberChallenge, takeChallenge } from './webauthn-challenges.ts';
import { readRegistration, reportedDiscoverable } from './webauthn-credential-input.ts';
import { descriptorsOf, PASSKEY_NAME_MAX, passkeysOf, registerPasskey } from './webauthn-credentials.ts';
import { relyingParty } from './webauthn-settings.ts';

type RegistrationPurpose = 'register' | 'signup';

/**
 * allauth's begin_registration: creation options for a new passkey of `user` (the ones it
 * has are excluded), whose challenge the session keeps. Answers allauth's
 * WebAuthnCreationOptionsResponse body.
 */
export async function beginRegistration(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  purpose: RegistrationPurpose,
  passwordless: boolean,
): Promise<AuthOutcome> {
  const rp = relyingParty(request, ctx.settings.publicUrl);
  const existing = descriptorsOf(await passkeysOf(ctx, user.id));
  const options = await creationOptions(rp, user, existing, passwordless);
  const cookies = await rememberChallenge(app, request, {
    purpose,
    challenge: options.challenge,
    userId: user.id,
    passwordless,
  });
  return { ...withData({ creation_options: { publicKey: options } }), ...(cookies ? { cookies } : {}) };
}

function readName(body: unknown): string | undefined {
  const name = readString(body, 'name');
  if (name !== undefined && name.trim().length > PASSKEY_NAME_MAX) {
    throw new AuthInputError([
      {
        param: 'name',
        code: 'max_length',
        message: `Ensure this value has at most ${PASSKEY_NAME_MAX} characters (it has ${name.trim().length}).`,
      },
    ]);
  }
  return name;
}

/**
 * allauth's complete_registration and add: checks the browser's answer against the
 * session's challenge for `user` and keeps the new passkey (named, or given allauth's
 * default name).
 */
export async function completeRegistration(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  purpose: RegistrationPurpose,
): Promise<WebauthnAuthenticator> {
  const credential = readRegistration(request.body);
  const name = readName(request.body);
  const { state } = await takeChallenge(app, await request.getSession(), purpose);
  if (state.userId !== user.id) throw challengeExpired;
  const passwordlessAsked = state.passwordless === true;
  const verified = await verifyRegistration(
    relyingParty(request, ctx.settings.publicUrl),
    credential,
    state.challenge,
    passwordlessAsked,
  );
  const passwordless = reportedDiscoverable(credential) ?? passwordlessAsked;
  return registerPasskey(ctx, user.id, name, verified, passwordless);
}
