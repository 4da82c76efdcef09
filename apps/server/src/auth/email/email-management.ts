import type { FastifyRequest } from 'fastify';
import type { EmailAddressRow, UserRow } from '../../db/schema.ts';
import { emailChangedMail } from '../../email/templates/email-changed-mail.ts';
import { emailErrors } from '../accounts/account-validation.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError, requiredError, type FieldError } from '../auth-errors.ts';
import {
  addressHeldElsewhere,
  countOtherAddresses,
  deleteOtherAddress,
  findOtherAddress,
  insertOtherAddress,
  listOtherAddresses,
  swapPrimaryAddress,
} from './email-addresses-repository.ts';
import { sendConfirmation } from './email-verification.ts';
import { deleteEmailVerifications } from './email-verification-keys.ts';
import { normaliseEmail } from '../accounts/users-repository.ts';

/** allauth's ACCOUNT_MAX_EMAIL_ADDRESSES, which we set (allauth leaves it unlimited). */
export const MAX_EMAIL_ADDRESSES = 10;

/** allauth's EmailAddress as the API lists it. */
export interface ListedAddress {
  email: string;
  primary: boolean;
  verified: boolean;
}

const error = (code: string, message: string): FieldError => ({ param: 'email', code, message });
const duplicateEmail = error(
  'duplicate_email',
  'This email address is already associated with this account.',
);
const emailTaken = error('email_taken', 'A user is already registered with this email address.');
const unknownEmail = error('unknown_email', 'Unknown email address.');
const cannotRemovePrimary = error(
  'cannot_remove_primary_email',
  'You cannot remove your primary email address.',
);
const unverifiedPrimary = error('unverified_primary_email', 'Your primary email address must be verified.');
const tooMany = error(
  'max_email_addresses',
  `You cannot add more than ${MAX_EMAIL_ADDRESSES} email addresses.`,
);

/** The primary address first, then the others in the order they were added. */
export async function listAddresses(ctx: AuthContext, user: UserRow): Promise<ListedAddress[]> {
  const others = await listOtherAddresses(ctx.db, user.id);
  return [
    { email: user.email, primary: true, verified: user.email_verified === 1 },
    ...others.map((a) => ({ email: a.email, primary: false, verified: a.verified === 1 })),
  ];
}

/**
 * allauth's add_email: the address joins the account unverified and a mail goes to it. An
 * address another account holds is refused with `email_taken` only while enumeration cannot
 * be prevented (verification not mandatory, as at signup). Otherwise it is added exactly like
 * a free one (allauth's AddEmailForm with ACCOUNT_PREVENT_ENUMERATION): same answer, same work
 * on the request path; the mail job finds the holder and sends the "someone tried" notice
 * instead of a link, so the address can never be confirmed here (ADR 0027).
 */
export async function addAddress(
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  email: string | undefined,
): Promise<void> {
  const invalid = emailErrors(email);
  if (invalid.length > 0) throw new AuthInputError(invalid);
  const address = email!.trim();
  if (normaliseEmail(address) === user.email_key || (await findOtherAddress(ctx.db, user.id, address))) {
    throw new AuthInputError([duplicateEmail]);
  }
  if ((await countOtherAddresses(ctx.db, user.id)) + 1 >= MAX_EMAIL_ADDRESSES) {
    throw new AuthInputError([tooMany]);
  }
  if (
    ctx.settings.emailVerification !== 'mandatory' &&
    (await addressHeldElsewhere(ctx.db, user.id, address, { orAsPrimary: true }))
  ) {
    throw new AuthInputError([emailTaken]);
  }
  try {
    await insertOtherAddress(ctx.db, user.id, address);
  } catch (cause) {
    // A second request for the same address won the race; the unique constraint decided.
    if (await findOtherAddress(ctx.db, user.id, address)) throw new AuthInputError([duplicateEmail]);
    throw cause;
  }
  await sendConfirmation(ctx, request, user, address, 'account');
}

/** One of the user's addresses: the primary (undefined) or another one; 400 when it is not theirs. */
async function selectAddress(
  ctx: AuthContext,
  user: UserRow,
  email: string | undefined,
): Promise<{ primary: true } | { primary: false; row: EmailAddressRow }> {
  const invalid = emailErrors(email);
  if (invalid.length > 0) throw new AuthInputError(invalid);
  if (normaliseEmail(email!) === user.email_key) return { primary: true };
  const row = await findOtherAddress(ctx.db, user.id, email!);
  if (!row) throw new AuthInputError([unknownEmail]);
  return { primary: false, row };
}

/**
 * allauth's "request email verification": true when a link went out, false when the address
 * is already verified or its confirmation mails are rate limited (allauth answers 403).
 */
export async function resendVerification(
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  email: string | undefined,
): Promise<boolean> {
  const selected = await selectAddress(ctx, user, email);
  const verified = selected.primary ? user.email_verified === 1 : selected.row.verified === 1;
  if (verified) return false;
  return sendConfirmation(ctx, request, user, selected.primary ? user.email : selected.row.email, 'account');
}

/**
 * allauth's mark_as_primary: only a verified address may become the primary, unless the
 * account has no verified address at all. The address that stops being primary is told.
 */
export async function makePrimary(
  ctx: AuthContext,
  user: UserRow,
  email: string | undefined,
  primary: boolean | undefined,
): Promise<void> {
  const errors: FieldError[] = [];
  let selected: Awaited<ReturnType<typeof selectAddress>> | undefined;
  try {
    selected = await selectAddress(ctx, user, email);
  } catch (cause) {
    if (!(cause instanceof AuthInputError)) throw cause;
    errors.push(...cause.errors);
  }
  if (primary !== true) errors.push(requiredError('primary'));
  if (errors.length > 0 || !selected) throw new AuthInputError(errors);
  if (selected.primary) return;
  const { row } = selected;
  if (row.verified !== 1 && (user.email_verified === 1 || (await anyVerifiedOther(ctx, user.id)))) {
    throw new AuthInputError([unverifiedPrimary]);
  }
  try {
    await swapPrimaryAddress(ctx.db, user, row);
  } catch (cause) {
    // Another account's primary (awaiting verification) is the same address.
    if (await addressHeldElsewhere(ctx.db, user.id, row.email, { orAsPrimary: true })) {
      throw new AuthInputError([emailTaken]);
    }
    throw cause;
  }
  ctx.mail.enqueue(() =>
    Promise.resolve(emailChangedMail({ to: user.email, from: user.email, newEmail: row.email })),
  );
}

async function anyVerifiedOther(ctx: AuthContext, userId: string): Promise<boolean> {
  return (await listOtherAddresses(ctx.db, userId)).some((a) => a.verified === 1);
}

/** allauth's delete_email: never the primary, which is also what keeps the last address. */
export async function removeAddress(
  ctx: AuthContext,
  user: UserRow,
  email: string | undefined,
): Promise<void> {
  const selected = await selectAddress(ctx, user, email);
  if (selected.primary) throw new AuthInputError([cannotRemovePrimary]);
  await deleteOtherAddress(ctx.db, user.id, selected.row.email);
  await deleteEmailVerifications(ctx.db, user.id, selected.row.email);
}
