import { AuthInputError } from '../auth-errors.ts';
import type { AuthContext, Authenticated } from '../auth-context.ts';
import type { FastifyRequest } from 'fastify';
import type { Session, SessionStore } from '../sessions/session-store.ts';
import {
  deleteAuthenticatorsOfType,
  findAuthenticatorOfType,
  insertAuthenticator,
  type RecoveryCodesAuthenticator,
  type TotpAuthenticator,
} from './authenticators-repository.ts';
import { unverifiedEmailBlocksMfa } from './authenticator-eligibility.ts';
import { verifySetupCode } from './code-verification.ts';
import { hasSecondFactor } from './mfa-factors.ts';
import { cannotGenerateRecoveryCodes, incorrectCode } from './mfa-errors.ts';
import { generateRecoveryCodes } from './recovery-codes.ts';
import { forgetTotpSecret, offeredTotpSecret } from './totp-setup.ts';

export type ActivateTotpOutcome =
  | { kind: 'activated'; totp: TotpAuthenticator; recoveryCodesGenerated: boolean; session: Session }
  | { kind: 'conflict' };

/** Unique-index violations on either database: the other request won the race. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * allauth's activate_totp: refused (409) while any address is unverified, as for a passkey; the
 * code must come from the secret this session was offered. The first second factor also gets recovery codes (allauth's MFA_RECOVERY_CODE default).
 */
export async function activateTotp(
  ctx: AuthContext,
  store: SessionStore,
  request: FastifyRequest,
  { user, session }: Authenticated,
  code: string,
): Promise<ActivateTotpOutcome> {
  if (await unverifiedEmailBlocksMfa(ctx.db, user)) return { kind: 'conflict' };
  if (await findAuthenticatorOfType(ctx.db, ctx.box, user.id, 'totp')) return { kind: 'conflict' };
  const secret = offeredTotpSecret(ctx.box, session);
  if (!secret) throw new AuthInputError([incorrectCode]);
  const step = await verifySetupCode(ctx, request, user.id, secret, code);
  let totp: TotpAuthenticator;
  try {
    totp = await insertAuthenticator(ctx.db, ctx.box, {
      userId: user.id,
      type: 'totp',
      data: { secret, lastUsedStep: step },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'conflict' };
    throw error;
  }
  let recoveryCodesGenerated = false;
  if (!(await findAuthenticatorOfType(ctx.db, ctx.box, user.id, 'recovery_codes'))) {
    await insertAuthenticator(ctx.db, ctx.box, {
      userId: user.id,
      type: 'recovery_codes',
      data: generateRecoveryCodes(),
    });
    recoveryCodesGenerated = true;
  }
  return { kind: 'activated', totp, recoveryCodesGenerated, session: await forgetTotpSecret(store, session) };
}

/**
 * allauth's deactivate_totp and delete_dangling_recovery_codes: recovery codes go too when no
 * other second factor (a passkey) is left for them to back up.
 */
export async function deactivateTotp(ctx: AuthContext, userId: string): Promise<void> {
  await deleteAuthenticatorsOfType(ctx.db, userId, 'totp');
  await removeDanglingRecoveryCodes(ctx, userId);
}

/** Called whenever a second factor goes (B's passkey removal too). */
export async function removeDanglingRecoveryCodes(ctx: AuthContext, userId: string): Promise<void> {
  if (!(await hasSecondFactor(ctx.db, userId))) {
    await deleteAuthenticatorsOfType(ctx.db, userId, 'recovery_codes');
  }
}

/** allauth's generate_recovery_codes: a fresh set replaces the old one, whose codes stop working. */
export async function regenerateRecoveryCodes(
  ctx: AuthContext,
  userId: string,
): Promise<RecoveryCodesAuthenticator> {
  if (!(await hasSecondFactor(ctx.db, userId))) throw new AuthInputError([cannotGenerateRecoveryCodes]);
  return ctx.db.transaction().execute(async (trx) => {
    await deleteAuthenticatorsOfType(trx, userId, 'recovery_codes');
    return insertAuthenticator(trx, ctx.box, {
      userId,
      type: 'recovery_codes',
      data: generateRecoveryCodes(),
    });
  });
}
