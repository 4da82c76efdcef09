import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { passwordResetMail } from '../../email/templates/password-reset-mail.ts';
import { emailErrors, readString } from '../accounts/account-validation.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import { unknownAccountNotice } from '../email/enumeration-mails.ts';
import { done, tooManyRequests, withData } from '../flows/auth-outcome.ts';
import { appLinks, appOrigin } from '../links.ts';
import { validatePassword } from '../password/password-validation.ts';
import { createPasswordResetKey, findUserByResetKey } from '../password/password-reset-keys.ts';
import { resetPassword } from '../password/password-reset.ts';
import { authenticationState, endThisSession, logInOnNewSession } from '../flows/session-flows.ts';
import { presenter, presentUser } from './allauth-presenter.ts';
import { findUserByEmail, normaliseEmail } from '../accounts/users-repository.ts';

const invalidResetKey: FieldError = {
  param: 'key',
  code: 'token_invalid',
  message: 'The password reset token was invalid.',
};

function headerKey(request: FastifyRequest): string | undefined {
  const value = request.headers['x-password-reset-key'];
  return typeof value === 'string' ? value : undefined;
}

export function registerPasswordResetRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { db, settings, limiter } = ctx;
  const answer = presenter(settings);

  /**
   * Always 200 for a well-formed address: whether an account exists is decided off the
   * request path, where it gets either a reset link or an "unknown account" notice.
   */
  app.post('/auth/password/request', async (request, reply) => {
    const email = readString(request.body, 'email');
    const errors = emailErrors(email);
    if (errors.length > 0) throw new AuthInputError(errors);
    const address = email!.trim();
    if (!(await limiter.consume('reset_password', { ip: request.ip, key: normaliseEmail(address) }))) {
      return answer(reply, tooManyRequests);
    }
    const origin = appOrigin(request, settings.publicUrl);
    ctx.mail.enqueue(async () => {
      const user = await findUserByEmail(db, address);
      if (!user) return unknownAccountNotice(origin, address);
      const key = await createPasswordResetKey(db, user.id);
      return passwordResetMail({
        to: user.email,
        username: user.username,
        url: appLinks.confirmPasswordReset(origin, key),
      });
    });
    return answer(reply, done);
  });

  /** Tells the page whose password the key resets, or 400 so it can show "invalid link". */
  app.get('/auth/password/reset', async (request, reply) => {
    const key = headerKey(request);
    if (!key) throw new AuthInputError([requiredError('key')]);
    const user = await findUserByResetKey(db, key);
    if (!user) throw new AuthInputError([invalidResetKey]);
    return answer(reply, withData({ user: presentUser(user) }));
  });

  app.post('/auth/password/reset', async (request, reply) => {
    if (!(await limiter.consume('reset_password_from_key', { ip: request.ip }))) {
      return answer(reply, tooManyRequests);
    }
    const key = readString(request.body, 'key');
    const password = readString(request.body, 'password');
    const errors: FieldError[] = [];
    let user: UserRow | undefined;
    if (!key) errors.push(requiredError('key'));
    else if (!(user = await findUserByResetKey(db, key))) errors.push(invalidResetKey);
    if (!password) errors.push(requiredError('password'));
    else if (user) errors.push(...validatePassword(password, { username: user.username, email: user.email }));
    if (errors.length > 0 || !user || !password) throw new AuthInputError(errors);

    // Read before the reset ends the account's sessions, which may include this browser's.
    const ownSession = (await request.getSession())?.userId === user.id;
    await resetPassword(ctx, app.sessions.store, user, password);
    if (settings.loginOnPasswordReset) {
      const methods = [{ method: 'password_reset' as const, at: Date.now(), email: user.email }];
      return answer(reply, await logInOnNewSession(app, request, user, methods));
    }
    if (ownSession) return answer(reply, await endThisSession(app, request));
    return answer(reply, await authenticationState(ctx, request));
  });
}
