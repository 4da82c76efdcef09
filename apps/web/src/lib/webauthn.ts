import {
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { z } from 'zod';

/**
 * allauth hands WebAuthn options over as the browser's `{publicKey: …}` wrapper (what
 * `parseCreationOptionsFromJSON()` takes); @simplewebauthn's own servers answer them bare.
 * Either is accepted, as long as it carries a challenge.
 */
const bareOptionsSchema = z.looseObject({ challenge: z.string() });
const optionsSchema = z.union([
  z.object({ publicKey: bareOptionsSchema }).transform((wrapped) => wrapped.publicKey),
  bareOptionsSchema,
]);

const requestEnvelopeSchema = z.object({
  status: z.literal(200),
  data: z.object({ request_options: optionsSchema }),
});

const creationEnvelopeSchema = z.object({
  status: z.literal(200),
  data: z.object({ creation_options: optionsSchema }),
});

const NO_OPTIONS = 'The server did not start the passkey check. Wait a moment and try again.';

/** The options of allauth's "WebAuthn credential request options" answer, ready for startAuthentication. */
export function requestOptionsOf(envelope: unknown): PublicKeyCredentialRequestOptionsJSON {
  const parsed = requestEnvelopeSchema.safeParse(envelope);
  if (!parsed.success) throw new Error(NO_OPTIONS);
  // Checked for its challenge; the browser library checks the rest as it builds the request.
  return parsed.data.data.request_options as unknown as PublicKeyCredentialRequestOptionsJSON;
}

/** The options of allauth's "WebAuthn credential creation options" answer, ready for startRegistration. */
export function creationOptionsOf(envelope: unknown): PublicKeyCredentialCreationOptionsJSON {
  const parsed = creationEnvelopeSchema.safeParse(envelope);
  if (!parsed.success) throw new Error(NO_OPTIONS);
  return parsed.data.data.creation_options as unknown as PublicKeyCredentialCreationOptionsJSON;
}

/** An error's name; the browser's DOMExceptions are not always instances of Error. */
function nameOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('name' in error)) return undefined;
  return typeof error.name === 'string' ? error.name : undefined;
}

/** The person closed the browser's passkey prompt, or a newer request replaced this one. */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  if (error instanceof WebAuthnError) {
    return error.code === 'ERROR_CEREMONY_ABORTED' || error.name === 'NotAllowedError';
  }
  return nameOf(error) === 'AbortError' || nameOf(error) === 'NotAllowedError';
}

/** What went wrong with a passkey, in words a person can act on. */
export function passkeyErrorMessage(error: unknown): string {
  if (isPasskeyPromptDismissed(error)) {
    return 'The passkey request was cancelled or timed out. Try again when you are ready.';
  }
  if (error instanceof WebAuthnError) {
    switch (error.code) {
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
