import { useMutation } from '@tanstack/react-query';
import { accountCall } from './account-call.ts';

/**
 * POST auth/2fa/reauthenticate: a code from the authenticator app, or an unused recovery code,
 * vouches for sensitive changes a while longer (allauth's `mfa_reauthenticate` flow).
 */
export async function reauthenticateWithCode(code: string): Promise<void> {
  await accountCall<unknown>('POST', 'auth/2fa/reauthenticate', { code });
}

export function useReauthenticateWithCode() {
  return useMutation({ mutationFn: reauthenticateWithCode });
}
