/** What a WebAuthn challenge was issued for; an answer only counts for the same purpose. */
export type WebauthnPurpose = 'register' | 'signup' | 'login' | 'authenticate' | 'reauthenticate';

/**
 * The one WebAuthn ceremony a session has under way (allauth keeps one "mfa.webauthn.state"
 * per session too): its challenge, when it was issued, and for whom.
 */
export interface WebauthnChallengeState {
  purpose: WebauthnPurpose;
  /** base64url, as sent in the options. */
  challenge: string;
  at: number;
  /** The account the ceremony is for; null for a passkey login, where the answer names it. */
  userId: string | null;
  /** Registration only: a passkey (discoverable, user-verified) was asked for. */
  passwordless?: boolean;
}
