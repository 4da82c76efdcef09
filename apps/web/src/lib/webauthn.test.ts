import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import {
  creationOptionsOf,
  isPasskeyPromptDismissed,
  passkeyErrorMessage,
  requestOptionsOf,
} from './webauthn.ts';

const publicKey = { challenge: 'aOecJJtLA2e-Dj2WU-zbRoJewbQqSUPxoA9EzsUL72o', rpId: 'localhost' };

describe('WebAuthn options from the server', () => {
  it('unwraps allauth’s {publicKey} and accepts bare options too', () => {
    expect(requestOptionsOf({ status: 200, data: { request_options: { publicKey } } })).toEqual(publicKey);
    expect(requestOptionsOf({ status: 200, data: { request_options: publicKey } })).toEqual(publicKey);
    expect(creationOptionsOf({ status: 200, data: { creation_options: { publicKey } } })).toEqual(publicKey);
  });

  it('refuses an answer without a challenge, in words', () => {
    expect(() => requestOptionsOf({ status: 409, errors: [] })).toThrow(/did not start the passkey check/);
    expect(() => creationOptionsOf({ status: 200, data: { creation_options: {} } })).toThrow(
      /did not start the passkey check/,
    );
  });
});

describe('passkey errors', () => {
  it('tells a dismissed prompt from a real failure', () => {
    const cancelled = new WebAuthnError({
      message: 'cancelled',
      code: 'ERROR_CEREMONY_ABORTED',
      cause: new Error('abort'),
      name: 'AbortError',
    });
    expect(isPasskeyPromptDismissed(cancelled)).toBe(true);
    expect(isPasskeyPromptDismissed(new DOMException('no', 'NotAllowedError'))).toBe(true);
    expect(passkeyErrorMessage(cancelled)).toMatch(/cancelled or timed out/);

    const known = new WebAuthnError({
      message: 'known',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      cause: new Error('dup'),
      name: 'InvalidStateError',
    });
    expect(isPasskeyPromptDismissed(known)).toBe(false);
    expect(passkeyErrorMessage(known)).toMatch(/already registered/);
  });
});
