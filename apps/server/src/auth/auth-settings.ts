import type { SocialProviderSettings } from './social/social-settings.ts';

/** The parts of configuration that shape the auth API's answers. */
export interface AuthSettings {
  signupOpen: boolean;
  loginByCodeEnabled: boolean;
  /** allauth's ACCOUNT_EMAIL_VERIFICATION: "mandatory" holds new accounts until the email is confirmed. */
  emailVerification: 'none' | 'mandatory';
  /** allauth's ACCOUNT_LOGIN_ON_PASSWORD_RESET. */
  loginOnPasswordReset: boolean;
  /** allauth's username signup field: required, or derived from the email when left out. */
  usernameRequired: boolean;
  /** allauth's ACCOUNT_REAUTHENTICATION_TIMEOUT, in ms; 300 s when left out. */
  reauthenticationTimeoutMs?: number;
  /** Base of the links in mails; unset, the request's own origin is used. */
  publicUrl: string | undefined;
  /** Third-party login providers (ADR 12); none when unset. */
  socialProviders?: SocialProviderSettings[];
}
