import type { SocialProviderSettings } from './social/social-settings.ts';

/** The parts of configuration that shape the auth API's answers. */
export interface AuthSettings {
  signupOpen: boolean;
  loginByCodeEnabled: boolean;
  /** allauth's ACCOUNT_EMAIL_VERIFICATION: "mandatory" holds new accounts until the email is confirmed. */
  emailVerification: 'none' | 'mandatory';
  /** allauth's ACCOUNT_LOGIN_ON_PASSWORD_RESET. */
  loginOnPasswordReset: boolean;
  /** Base of the links in mails; unset, the request's own origin is used. */
  publicUrl: string | undefined;
  /** Third-party login providers (ADR 12); none when unset. */
  socialProviders?: SocialProviderSettings[];
}
