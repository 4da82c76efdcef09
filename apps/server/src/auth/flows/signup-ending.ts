import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import type { SignupOutcome } from './signup.ts';
import type { AuthContext } from '../auth-context.ts';
import {
  consumeConfirmationQuota,
  mailConfirmationLink,
  sendConfirmation,
} from '../email/email-verification.ts';
import { mailAccountAlreadyExists } from '../email/enumeration-mails.ts';
import type { AuthMethod } from '../sessions/auth-method.ts';
import type { AuthOutcome } from './auth-outcome.ts';
import { logInOnNewSession, startPendingFlow } from './session-flows.ts';

/**
 * The one ending of every signup (password, passkey, provider): a new account logs in (a
 * passkey signup goes on to its passkey) unless its address must be confirmed first. Then, and
 * for an address that already had an account, the answer is the same 401 with `verify_email`
 * pending (enumeration prevention): the new account gets its link, the address's owner an
 * "account already exists" mail, both under the same `confirm_email` limit.
 */
export async function finishSignup(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  outcome: SignupOutcome,
  methods: AuthMethod[],
  options: { passkeySignup?: boolean } = {},
): Promise<AuthOutcome> {
  const user = 'created' in outcome ? outcome.created : undefined;
  const email = user ? user.email : (outcome as { emailTaken: string }).emailTaken;
  if (user && ctx.settings.emailVerification !== 'mandatory') {
    return options.passkeySignup
      ? startPasskeySignupStage(app, request, user.id)
      : logInOnNewSession(app, request, user, methods);
  }
  if (await consumeConfirmationQuota(ctx, email)) {
    if (user) mailConfirmationLink(ctx, request, user.id);
    else mailAccountAlreadyExists(ctx, request, email);
  }
  return startPendingFlow(app, request, {
    flow: 'verify_email',
    at: Date.now(),
    userId: user?.id ?? null,
    email,
    methods,
    ...(options.passkeySignup ? { passkeySignup: true } : {}),
  });
}

/**
 * allauth's PasskeySignupStage: the account of a passkey signup waits, on this session, for
 * its first passkey.
 */
export function startPasskeySignupStage(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
): Promise<AuthOutcome> {
  return startPendingFlow(app, request, { flow: 'mfa_signup_webauthn', at: Date.now(), userId });
}

/**
 * allauth's email verification stage for a login (password, passkey, provider) whose account
 * has not confirmed its address while that is mandatory: the login waits on `verify_email`,
 * and the link is mailed again unless one went out in the last few minutes.
 */
export async function awaitEmailVerification(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  methods: AuthMethod[],
): Promise<AuthOutcome> {
  await sendConfirmation(ctx, request, user);
  return startPendingFlow(app, request, {
    flow: 'verify_email',
    at: Date.now(),
    userId: user.id,
    email: user.email,
    methods,
  });
}

/** Whether a login by this user must first wait for the address (ACCOUNT_EMAIL_VERIFICATION mandatory). */
export function mustVerifyEmail(ctx: AuthContext, user: UserRow): boolean {
  return ctx.settings.emailVerification === 'mandatory' && !user.email_verified;
}
