import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { emailVerificationMail } from '../email/templates/email-verification-mail.ts';
import type { AuthContext } from './auth-context.ts';
import { createEmailVerificationKey, deleteEmailVerifications } from './email-verification-keys.ts';
import { appLinks, appOrigin } from './links.ts';
import { findUserById, markEmailVerified, normaliseEmail } from './users-repository.ts';

/**
 * Counts one confirmation mail against allauth's `confirm_email` limit (1 per 3 minutes per
 * address). Signups and resends for a taken address count the same way, so the limit answers
 * alike whether or not an account is behind the address.
 */
export function consumeConfirmationQuota(ctx: AuthContext, email: string): Promise<boolean> {
  return ctx.limiter.consume('confirm_email', { key: normaliseEmail(email) });
}

/**
 * Mails a confirmation link to the account's address. The account is read and the key made
 * off the request path; an account confirmed meanwhile gets nothing.
 */
export function mailConfirmationLink(ctx: AuthContext, request: FastifyRequest, userId: string): void {
  const origin = appOrigin(request, ctx.settings.publicUrl);
  ctx.mail.enqueue(async () => {
    const user = await findUserById(ctx.db, userId);
    if (!user || user.email_verified) return undefined;
    const key = await createEmailVerificationKey(ctx.db, user);
    return emailVerificationMail({
      to: user.email,
      username: user.username,
      url: appLinks.verifyEmail(origin, key),
    });
  });
}

/** Sends a confirmation link unless the address's quota is spent; false when held back. */
export async function sendConfirmation(
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
): Promise<boolean> {
  if (!(await consumeConfirmationQuota(ctx, user.email))) return false;
  mailConfirmationLink(ctx, request, user.id);
  return true;
}

export async function confirmEmail(ctx: AuthContext, user: UserRow): Promise<void> {
  await markEmailVerified(ctx.db, user.id);
  await deleteEmailVerifications(ctx.db, user.id);
}
