import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { emailVerificationMail } from '../../email/templates/email-verification-mail.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError } from '../auth-errors.ts';
import {
  addressHeldElsewhere,
  findOtherAddress,
  markOtherAddressVerified,
} from './email-addresses-repository.ts';
import {
  createEmailVerificationKey,
  deleteEmailVerifications,
  type AddressToVerify,
} from './email-verification-keys.ts';
import { accountAlreadyExistsNotice } from './enumeration-mails.ts';
import { appLinks, appOrigin } from '../links.ts';
import { findUserById, markEmailVerified, normaliseEmail } from '../accounts/users-repository.ts';

/**
 * Counts one confirmation mail against allauth's `confirm_email` limit (1 per 3 minutes per
 * address). Signups and resends for a taken address count the same way, so the limit answers
 * alike whether or not an account is behind the address.
 */
export function consumeConfirmationQuota(ctx: AuthContext, email: string): Promise<boolean> {
  return ctx.limiter.consume('confirm_email', { key: normaliseEmail(email) });
}

/**
 * Where the link of a confirmation mail opens: the signup/login flow's page (anonymous, spec
 * §2) or, for an address managed in the account area, the account area's, which works in the
 * logged-in browser the person added it from.
 */
export type ConfirmationPage = 'flow' | 'account';

/**
 * Mails a confirmation link to one of the account's addresses (the primary unless `email`
 * names another). The account is read and the key made off the request path; an address
 * confirmed or removed meanwhile gets nothing. An added address that another account holds
 * gets allauth's "account already exists" notice instead of a link: its holder learns that
 * someone tried, and the requester's answer did not differ (enumeration prevention).
 */
export function mailConfirmationLink(
  ctx: AuthContext,
  request: FastifyRequest,
  userId: string,
  email?: string,
  page: ConfirmationPage = 'flow',
): void {
  const origin = appOrigin(request, ctx.settings.publicUrl);
  ctx.mail.enqueue(async () => {
    const user = await findUserById(ctx.db, userId);
    if (!user) return undefined;
    const primary = email === undefined || normaliseEmail(email) === user.email_key;
    const other = primary ? undefined : await findOtherAddress(ctx.db, userId, email);
    const to = primary ? user.email : other?.email;
    if (!to || (primary ? user.email_verified : other?.verified)) return undefined;
    if (!primary && (await addressHeldElsewhere(ctx.db, user.id, to, { orAsPrimary: true }))) {
      return accountAlreadyExistsNotice(origin, to);
    }
    const key = await createEmailVerificationKey(ctx.db, user, to);
    const url =
      page === 'account' ? appLinks.verifyAddedEmail(origin, key) : appLinks.verifyEmail(origin, key);
    return emailVerificationMail({ to, username: user.username, url });
  });
}

/** Sends a confirmation link unless the address's quota is spent; false when held back. */
export async function sendConfirmation(
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  email: string = user.email,
  page: ConfirmationPage = 'flow',
): Promise<boolean> {
  if (!(await consumeConfirmationQuota(ctx, email))) return false;
  mailConfirmationLink(ctx, request, user.id, email, page);
  return true;
}

const emailTaken = {
  param: 'key',
  code: 'email_taken',
  message: 'A user is already registered with this email address.',
};

/**
 * Marks the address verified, unless another account verified it first (allauth's
 * can_set_verified): one address, one verified owner.
 */
export async function confirmEmail(
  ctx: AuthContext,
  user: UserRow,
  address: AddressToVerify = { email: user.email, primary: true },
): Promise<void> {
  if (await addressHeldElsewhere(ctx.db, user.id, address.email, { orAsPrimary: false })) {
    throw new AuthInputError([emailTaken]);
  }
  if (address.primary) {
    await markEmailVerified(ctx.db, user.id);
  } else {
    try {
      await markOtherAddressVerified(ctx.db, user.id, address.email);
    } catch (error) {
      // Another account verified it between the check and the update: the index decided.
      if (await addressHeldElsewhere(ctx.db, user.id, address.email, { orAsPrimary: false })) {
        throw new AuthInputError([emailTaken]);
      }
      throw error;
    }
  }
  await deleteEmailVerifications(ctx.db, user.id, address.email);
}
