import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readString } from '../accounts/account-validation.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import { findEmailVerification } from '../email/email-verification-keys.ts';
import { confirmEmail, consumeConfirmationQuota, mailConfirmationLink } from '../email/email-verification.ts';
import { conflictBody, okBody, presentUser, tooManyRequestsBody } from '../flows/envelopes.ts';
import { startPasskeySignupStage } from '../mfa/webauthn-signup.ts';
import { activePending } from '../flows/pending-flows.ts';
import { answerAuthenticationState, logInOnNewSession } from '../flows/session-flows.ts';

const invalidKey: FieldError = { param: 'key', code: 'invalid', message: 'Invalid or expired key.' };

function headerKey(request: FastifyRequest): string | undefined {
  const value = request.headers['x-email-verification-key'];
  return typeof value === 'string' ? value : undefined;
}

async function verificationFor(ctx: AuthContext, key: string | undefined) {
  if (!key) throw new AuthInputError([requiredError('key')]);
  const found = await findEmailVerification(ctx.db, key);
  if (!found) throw new AuthInputError([invalidKey]);
  return found;
}

export function registerEmailVerificationRoutes(app: FastifyInstance, ctx: AuthContext) {
  /** What a key confirms, so the page can ask "confirm this address?" before doing it. */
  app.get('/auth/email/verify', async (request) => {
    const { user, address } = await verificationFor(ctx, headerKey(request));
    const pending = activePending(await request.getSession());
    return {
      status: 200,
      data: { email: address.email, user: presentUser(user) },
      meta: { is_authenticating: pending?.flow === 'verify_email' },
    };
  });

  /**
   * Confirms the address. When this session is the signup or login that waited for it, the
   * person is logged in (200); otherwise the address is confirmed and the answer is the
   * session's state, usually 401 (allauth logs in only the session that started the flow).
   */
  app.post('/auth/email/verify', async (request, reply) => {
    const { user, address } = await verificationFor(ctx, readString(request.body, 'key'));
    await confirmEmail(ctx, user, address);
    const pending = activePending(await request.getSession());
    if (pending?.flow === 'verify_email' && pending.userId === user.id) {
      // A passkey signup goes on to its passkey (allauth's PasskeySignupStage).
      if (pending.passkeySignup) return startPasskeySignupStage(app, ctx, request, reply, user.id);
      return logInOnNewSession(app, request, reply, user, pending.methods);
    }
    return answerAuthenticationState(ctx, request, reply);
  });

  app.post('/auth/email/verify/resend', async (request, reply) => {
    const pending = activePending(await request.getSession());
    if (pending?.flow !== 'verify_email') return reply.status(409).send(conflictBody);
    if (!(await consumeConfirmationQuota(ctx, pending.email))) {
      return reply.status(429).send(tooManyRequestsBody);
    }
    // A flow for a taken address has no account to mail; it answers the same.
    if (pending.userId) mailConfirmationLink(ctx, request, pending.userId);
    return okBody;
  });
}
