import type { FastifyRequest } from 'fastify';
import { AuthInputError } from '../auth-errors.ts';
import type { AuthContext } from '../auth-context.ts';
import {
  findAuthenticatorOfType,
  updateAuthenticator,
  type RecoveryCodesAuthenticator,
  type TotpAuthenticator,
} from './authenticators-repository.ts';
import { incorrectCode } from './mfa-errors.ts';
import { countSecondFactorAttempt } from './second-factor-attempts.ts';
import { spendRecoveryCode } from './recovery-codes.ts';
import { acceptTotpCode } from './totp.ts';

/** Spends a TOTP code: its step is written only if no other request spent one meanwhile. */
async function spendTotp(ctx: AuthContext, totp: TotpAuthenticator, code: string): Promise<boolean> {
  const step = acceptTotpCode(totp.data.secret, code, totp.data.lastUsedStep);
  if (step === null) return false;
  return updateAuthenticator(ctx.db, ctx.box, totp.userId, totp.id, {
    data: { ...totp.data, lastUsedStep: step },
    lastUsedAt: Date.now(),
    expectedVersion: totp.version,
  });
}

async function spendRecovery(
  ctx: AuthContext,
  recovery: RecoveryCodesAuthenticator,
  code: string,
): Promise<boolean> {
  const spent = spendRecoveryCode(recovery.data, code);
  if (!spent) return false;
  return updateAuthenticator(ctx.db, ctx.box, recovery.userId, recovery.id, {
    data: spent,
    lastUsedAt: Date.now(),
    expectedVersion: recovery.version,
  });
}

/**
 * allauth's AuthenticateForm: the user's TOTP code or one of their recovery codes, each good
 * once. Returns which kind it was; throws allauth's incorrect_code (400) otherwise.
 */
export async function verifySecondFactorCode(
  ctx: AuthContext,
  request: FastifyRequest,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery_codes'> {
  const forget = await countSecondFactorAttempt(ctx, request, userId);
  const totp = await findAuthenticatorOfType(ctx.db, ctx.box, userId, 'totp');
  if (totp && (await spendTotp(ctx, totp, code))) {
    await forget();
    return 'totp';
  }
  const recovery = await findAuthenticatorOfType(ctx.db, ctx.box, userId, 'recovery_codes');
  if (recovery && (await spendRecovery(ctx, recovery, code))) {
    await forget();
    return 'recovery_codes';
  }
  throw new AuthInputError([incorrectCode]);
}

/** A code checked against a TOTP secret being set up (its first step is remembered once active). */
export async function verifySetupCode(
  ctx: AuthContext,
  request: FastifyRequest,
  userId: string,
  secret: string,
  code: string,
): Promise<number> {
  const forget = await countSecondFactorAttempt(ctx, request, userId);
  const step = acceptTotpCode(secret, code, null);
  if (step === null) throw new AuthInputError([incorrectCode]);
  await forget();
  return step;
}
