/** One way a session's user proved who they are, as allauth records it (its `methods`). */
export interface AuthMethod {
  method: 'password' | 'password_reset' | 'code' | 'socialaccount' | 'mfa';
  at: number;
  /** The authenticator type of an `mfa` method (allauth's). */
  type?: 'totp' | 'recovery_codes' | 'webauthn';
  /** An `mfa` method that logged in on its own (a passkey login). */
  passwordless?: boolean;
  email?: string;
  username?: string;
  provider?: string;
  uid?: string;
  /** allauth's record of a reauthentication (the password typed again), not of a login. */
  reauthenticated?: boolean;
}
