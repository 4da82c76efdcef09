import type { Provider } from '@voxpad/shared/auth';
import type { ProviderAccount } from '@voxpad/shared/connected-accounts';
import type { SocialAccountRow, UserRow } from '../../db/schema.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthInputError, type FieldError } from '../auth-errors.ts';
import { listOtherAddresses } from '../email/email-addresses-repository.ts';
import { SocialProviders } from './provider-clients.ts';
import { deleteSocialAccount, listSocialAccounts } from './social-accounts-repository.ts';

const accountError = (code: string, message: string): FieldError => ({ param: 'account', code, message });
const unknownAccount = accountError('account_not_found', 'Unknown account.');
const noPassword = accountError('no_password', 'Your account has no password set up.');
const noVerifiedEmail = accountError('no_verified_email', 'Your account has no verified email address.');

/** allauth's Provider object; a provider taken out of the configuration keeps its id as its name. */
function presentProvider(ctx: AuthContext, id: string): Provider {
  const configured = ctx.settings.socialProviders?.find((p) => p.id === id);
  return configured ? SocialProviders.present(configured) : { id, name: id, flows: [] };
}

function presentAccount(ctx: AuthContext, row: SocialAccountRow): ProviderAccount {
  return { uid: row.uid, display: row.display, provider: presentProvider(ctx, row.provider) };
}

/** allauth's `account/providers` list: the provider accounts that log in to this user. */
export async function listConnectedAccounts(ctx: AuthContext, user: UserRow): Promise<ProviderAccount[]> {
  return (await listSocialAccounts(ctx.db, user.id)).map((row) => presentAccount(ctx, row));
}

/**
 * allauth's validate_disconnect: the last connected account may go only if the user can still
 * log in without it, with a password and (when verification is mandatory) a verified address.
 */
async function disconnectBlocker(
  ctx: AuthContext,
  user: UserRow,
  connected: SocialAccountRow[],
): Promise<FieldError | undefined> {
  if (connected.length > 1) return undefined;
  if (user.password_hash === null) return noPassword;
  if (ctx.settings.emailVerification !== 'mandatory' || user.email_verified === 1) return undefined;
  const others = await listOtherAddresses(ctx.db, user.id);
  return others.some((a) => a.verified === 1) ? undefined : noVerifiedEmail;
}

/** Disconnects one of the user's provider accounts; 400 when it is not theirs or is their only way in. */
export async function disconnectAccount(
  ctx: AuthContext,
  user: UserRow,
  input: { provider: string; account: string },
): Promise<void> {
  const connected = await listSocialAccounts(ctx.db, user.id);
  const target = connected.find((row) => row.provider === input.provider && row.uid === input.account);
  if (!target) throw new AuthInputError([unknownAccount]);
  const blocker = await disconnectBlocker(ctx, user, connected);
  if (blocker) throw new AuthInputError([blocker]);
  if (!(await deleteSocialAccount(ctx.db, user.id, target.id))) throw new AuthInputError([unknownAccount]);
}
