import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

const NO_OPTIONS = 'The server did not start the passkey check. Wait a moment and try again.';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const hasChallenge = (options: Record<string, unknown> | null): options is Record<string, unknown> =>
  typeof options?.challenge === 'string';

/**
 * allauth hands WebAuthn options over as the browser's `{publicKey: …}` wrapper (what
 * `parseCreationOptionsFromJSON()` takes); @simplewebauthn's own servers answer them bare.
 * Either is accepted, as long as it carries a challenge; the browser library checks the rest as
 * it builds the request. Checked by hand, not with zod: the login page uses it (ADR 0055).
 */
function optionsOf(envelope: unknown, key: 'request_options' | 'creation_options'): unknown {
  const answer = record(envelope);
  const given = answer?.status === 200 ? record(record(answer.data)?.[key]) : null;
  const wrapped = record(given?.publicKey);
  if (hasChallenge(wrapped)) return wrapped;
  if (hasChallenge(given)) return given;
  throw new Error(NO_OPTIONS);
}

/** The options of allauth's "WebAuthn credential request options" answer, ready for startAuthentication. */
export function requestOptionsOf(envelope: unknown): PublicKeyCredentialRequestOptionsJSON {
  return optionsOf(envelope, 'request_options') as PublicKeyCredentialRequestOptionsJSON;
}

/** The options of allauth's "WebAuthn credential creation options" answer, ready for startRegistration. */
export function creationOptionsOf(envelope: unknown): PublicKeyCredentialCreationOptionsJSON {
  return optionsOf(envelope, 'creation_options') as PublicKeyCredentialCreationOptionsJSON;
}

/**
 * The code of @simplewebauthn's WebAuthnError (`ERROR_…`). Read from the error rather than by
 * `instanceof`, so the login page does not load the library before a passkey is used (ADR 0055).
 */
function webAuthnErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' && error.code.startsWith('ERROR_') ? error.code : undefined;
}

/** An error's name; the browser's DOMExceptions are not always instances of Error. */
function nameOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('name' in error)) return undefined;
  return typeof error.name === 'string' ? error.name : undefined;
}

/** The person closed the browser's passkey prompt, or a newer request replaced this one. */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  const code = webAuthnErrorCode(error);
  if (code !== undefined) return code === 'ERROR_CEREMONY_ABORTED' || nameOf(error) === 'NotAllowedError';
  return nameOf(error) === 'AbortError' || nameOf(error) === 'NotAllowedError';
}

/** What went wrong with a passkey, in words a person can act on. */
export function passkeyErrorMessage(error: unknown): string {
  if (isPasskeyPromptDismissed(error)) {
    return 'The passkey request was cancelled or timed out. Try again when you are ready.';
  }
  const code = webAuthnErrorCode(error);
  if (code !== undefined) {
    switch (code) {
      case 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED':
        return 'This passkey is already registered. Use another authenticator, or keep the one you have.';
      case 'ERROR_INVALID_DOMAIN':
      case 'ERROR_INVALID_RP_ID':
        return 'Passkeys work only when this site is opened at its own address over HTTPS. Ask your administrator.';
      case 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT':
      case 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT':
        return 'This authenticator cannot hold a passkey. Try another one, such as your phone or a security key.';
      default:
        return 'Your authenticator could not complete the passkey request. Please try again.';
    }
  }
  if (nameOf(error) === 'NotSupportedError') {
    return 'This browser does not support passkeys. Try an up-to-date browser.';
  }
  return error instanceof Error && error.message
    ? error.message
    : 'The passkey did not work. Please try again.';
}
