import type { FastifyRequest } from 'fastify';
import { accountAlreadyExistsMail } from '../../email/templates/account-already-exists-mail.ts';
import { unknownAccountMail } from '../../email/templates/unknown-account-mail.ts';
import type { AuthContext } from '../auth-context.ts';
import { appLinks, appOrigin } from '../links.ts';

/**
 * The mails allauth sends when ACCOUNT_PREVENT_ENUMERATION hides an answer from the caller:
 * the address's owner learns what happened, the caller learns nothing.
 */
export function mailAccountAlreadyExists(ctx: AuthContext, request: FastifyRequest, email: string): void {
  const origin = appOrigin(request, ctx.settings.publicUrl);
  ctx.mail.enqueue(() => Promise.resolve(accountAlreadyExistsNotice(origin, email)));
}

/** For an address someone else tried to add: built off the request path, once the holder is known. */
export function accountAlreadyExistsNotice(origin: string, email: string) {
  return accountAlreadyExistsMail({ to: email, passwordResetUrl: appLinks.requestPasswordReset(origin) });
}

/** For reset and code requests: the account (if any) is looked up off the request path. */
export function unknownAccountNotice(origin: string, email: string) {
  return unknownAccountMail({ to: email, signupUrl: appLinks.signup(origin) });
}
