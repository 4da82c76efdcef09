import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { useEffect, useRef } from 'react';
import { isPasskeyPromptDismissed } from '../../../lib/webauthn.ts';
import { logInWithPasskey } from '../api/passkey-login.ts';
import type { AuthResponse } from '../api/auth-response.ts';

/**
 * Conditional UI: while the login screen is open, the browser offers the person's passkeys
 * among the username field's suggestions (the field needs autocomplete="username webauthn").
 * Picking one logs in; `onResponse` gets the server's answer. A new `round` starts listening
 * again, for example after a passkey button's own request replaced this one.
 */
/** The browser library, once the login page has imported it (after its first paint, ADR 0055). */
let browserLibrary: typeof WebAuthnBrowser | null = null;

export function usePasskeyAutofill(options: {
  enabled: boolean;
  round: number;
  onResponse: (response: AuthResponse) => void;
}) {
  const onResponse = useRef(options.onResponse);
  useEffect(() => {
    onResponse.current = options.onResponse;
  });

  const { enabled, round } = options;
  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    void (async () => {
      browserLibrary ??= await import('@simplewebauthn/browser');
      if (!active) return;
      if (!(await browserLibrary.browserSupportsWebAuthnAutofill()) || !active) return;
      try {
        const response = await logInWithPasskey({ autofill: true });
        if (active) onResponse.current(response);
      } catch (error) {
        // Nothing was picked yet: the button or the password form still work, so stay quiet.
        if (active && !isPasskeyPromptDismissed(error)) console.warn('Passkey autofill stopped.', error);
      }
    })();
    return () => {
      active = false;
      browserLibrary?.WebAuthnAbortService.cancelCeremony();
    };
  }, [enabled, round]);
}
