import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readString } from '../accounts/account-validation.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import { findEmailVerification } from '../email/email-verification-keys.ts';
import { confirmEmail, consumeConfirmationQuota, mailConfirmationLink } from '../email/email-verification.ts';
import { conflict, done, tooManyRequests, withData } from '../flows/auth-outcome.ts';
import { startPasskeySignupStage } from '../flows/signup-ending.ts';
import { activePending } from '../sessions/pending-flows.ts';
import { authenticationState, logInOnNewSession } from '../flows/session-flows.ts';
import { presenter, presentUser } from './allauth-presenter.ts';

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
  const answer = presenter(ctx.settings);

  /** What a key confirms, so the page can ask "confirm this address?" before doing it. */
  app.get('/auth/email/verify', async (request, reply) => {
    const { user, address } = await verificationFor(ctx, headerKey(request));
    const pending = activePending(await request.getSession());
    return answer(
      reply,
      withData(
        { email: address.email, user: presentUser(user) },
        { is_authenticating: pending?.flow === 'verify_email' },
      ),
    );
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
      if (pending.passkeySignup) return answer(reply, await startPasskeySignupStage(app, request, user.id));
      return answer(reply, await logInOnNewSession(app, request, user, pending.methods));
    }
    return answer(reply, await authenticationState(ctx, request));
  });

  app.post('/auth/email/verify/resend', async (request, reply) => {
    const pending = activePending(await request.getSession());
    if (pending?.flow !== 'verify_email') return answer(reply, conflict);
    if (!(await consumeConfirmationQuota(ctx, pending.email))) return answer(reply, tooManyRequests);
    // A flow for a taken address has no account to mail; it answers the same.
    if (pending.userId) mailConfirmationLink(ctx, request, pending.userId);
    return answer(reply, done);
  });
}
