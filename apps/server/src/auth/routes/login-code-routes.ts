import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginCodeMail } from '../../email/templates/login-code-mail.ts';
import { emailErrors, readString } from '../accounts/account-validation.ts';
import { currentUser, type AuthContext } from '../auth-context.ts';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import { unknownAccountNotice } from '../email/enumeration-mails.ts';
import { conflict, done, tooManyRequests } from '../flows/auth-outcome.ts';
import { appOrigin } from '../links.ts';
import { generateLoginCode, hashLoginCode, loginCodeMatches } from '../login-code/login-code.ts';
import { countLoginCodeAttempt } from '../login-code/login-code-attempts.ts';
import { activePending, LOGIN_CODE_MAX_ATTEMPTS } from '../sessions/pending-flows.ts';
import { clearPendingFlow, logInOnNewSession, startPendingFlow } from '../flows/session-flows.ts';
import { presenter } from './allauth-presenter.ts';
import {
  findUserByEmail,
  findUserById,
  markEmailVerified,
  normaliseEmail,
} from '../accounts/users-repository.ts';

const incorrectCode: FieldError = { param: 'code', code: 'incorrect_code', message: 'Incorrect code.' };
const tooManyCodeRequests: FieldError = {
  param: 'email',
  code: 'too_many_login_attempts',
  message: 'Too many failed login attempts. Try again later.',
};

export function registerLoginCodeRoutes(app: FastifyInstance, ctx: AuthContext) {
  const { db, settings, limiter } = ctx;
  const answer = presenter(settings);

  /**
   * Starts a login by code. Known and unknown addresses get the same 401 with the flow
   * pending; the code goes only to an existing account, an unknown address gets a notice.
   */
  app.post('/auth/code/request', async (request, reply) => {
    if (await currentUser(db, request)) return answer(reply, conflict);
    const email = readString(request.body, 'email');
    const errors = emailErrors(email);
    if (errors.length > 0) throw new AuthInputError(errors);
    const address = email!.trim();
    // allauth answers this limit as a form error on the address, not with a 429.
    if (!(await limiter.consume('request_login_code', { ip: request.ip, key: normaliseEmail(address) }))) {
      throw new AuthInputError([tooManyCodeRequests]);
    }
    const user = await findUserByEmail(db, address);
    const code = generateLoginCode();
    mailCode(request, user?.email, address, code);
    const pending = await startPendingFlow(app, request, {
      flow: 'login_by_code',
      at: Date.now(),
      userId: user?.id ?? null,
      email: address,
      codeHash: hashLoginCode(code),
    });
    return answer(reply, pending);
  });

  /** The code goes to the account's address; an unknown address gets a notice instead. */
  function mailCode(request: FastifyRequest, to: string | undefined, address: string, code: string): void {
    const origin = appOrigin(request, settings.publicUrl);
    ctx.mail.enqueue(() =>
      Promise.resolve(to ? loginCodeMail({ to, code }) : unknownAccountNotice(origin, address)),
    );
  }

  /**
   * allauth's resend (ACCOUNT_LOGIN_BY_CODE_SUPPORTS_RESEND): a new code replaces the mailed
   * one, under the same `request_login_code` limits as a request. The flow keeps its start, so
   * neither its timeout nor its count of wrong guesses starts over.
   */
  app.post('/auth/code/resend', async (request, reply) => {
    const session = await request.getSession();
    const pending = activePending(session);
    if (!session || pending?.flow !== 'login_by_code') return answer(reply, conflict);
    if (
      !(await limiter.consume('request_login_code', { ip: request.ip, key: normaliseEmail(pending.email) }))
    ) {
      return answer(reply, tooManyRequests);
    }
    const user = pending.userId ? await findUserById(db, pending.userId) : undefined;
    const code = generateLoginCode();
    await app.sessions.store.save({
      ...session,
      data: { ...session.data, pending: { ...pending, codeHash: hashLoginCode(code) } },
    });
    mailCode(request, user?.email, pending.email, code);
    return answer(reply, done);
  });

  /**
   * Checks the code: right logs in (and confirms the address, which the code proved), wrong
   * is a 400 until the third miss ends the flow; after that, or after 3 minutes, 409.
   */
  app.post('/auth/code/confirm', async (request, reply) => {
    const session = await request.getSession();
    const pending = activePending(session);
    if (!session || pending?.flow !== 'login_by_code') {
      // A code that timed out is dropped; any other pending flow is left alone.
      if (!pending && session?.data.pending?.flow === 'login_by_code') await clearPendingFlow(app, session);
      return answer(reply, conflict);
    }
    const attempt = await countLoginCodeAttempt(limiter, session.id, pending.at);
    if (!attempt.allowed) {
      await clearPendingFlow(app, session);
      return answer(reply, conflict);
    }
    const code = readString(request.body, 'code');
    const user = pending.userId ? await findUserById(db, pending.userId) : undefined;
    if (!code || !user || !loginCodeMatches(code, pending.codeHash)) {
      if (attempt.count >= LOGIN_CODE_MAX_ATTEMPTS) await clearPendingFlow(app, session);
      throw new AuthInputError([code ? incorrectCode : requiredError('code')]);
    }
    if (normaliseEmail(pending.email) === user.email_key) await markEmailVerified(db, user.id);
    const methods = [{ method: 'code' as const, at: Date.now(), email: pending.email }];
    return answer(reply, await logInOnNewSession(app, request, user, methods));
  });
}
