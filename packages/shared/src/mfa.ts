import { z } from 'zod';

/**
 * Inputs of allauth's two-factor endpoints (auth/2fa/*, account/authenticators/totp), shared so
 * the web app's forms check what the server checks.
 */
export const AUTHENTICATOR_CODE_MAX_LENGTH = 64;

/** A TOTP code (6 digits) or a recovery code (8 characters); spaces and dashes are forgiven. */
export const authenticatorCodeInputSchema = z.object({
  code: z.string().trim().min(1).max(AUTHENTICATOR_CODE_MAX_LENGTH),
});
export type AuthenticatorCodeInput = z.infer<typeof authenticatorCodeInputSchema>;

/** allauth's MFATrust: whether to skip the second factor on this browser for 14 days. */
export const mfaTrustInputSchema = z.object({ trust: z.boolean() });
export type MfaTrustInput = z.infer<typeof mfaTrustInputSchema>;

/** allauth's MFA_TRUST_COOKIE_AGE, in days (shown by the web app beside the checkbox). */
export const MFA_TRUST_DAYS = 14;
