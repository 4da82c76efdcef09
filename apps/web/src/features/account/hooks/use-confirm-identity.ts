import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { ReauthenticationCancelledError } from '../api/account-call.ts';
import { authenticatorsQueryOptions } from '../api/get-authenticators.ts';
import { reauthenticationMethodsOf, type ReauthenticationFlow } from '../utils/reauthentication-methods.ts';
import { ReauthenticationContext } from './use-reauthenticated.ts';

/**
 * Opens the account area's "confirm it’s you" prompt for a call outside the allauth API (the
 * product API's `reauthentication_required`, which names no flows): the ways offered are the
 * ones the server accepts, worked out as it does from the password and the authenticators.
 * Resolves true once confirmed, false when the person closes the prompt.
 */
export function useConfirmIdentity(hasUsablePassword: boolean): () => Promise<boolean> {
  const reauthentication = useContext(ReauthenticationContext);
  const queryClient = useQueryClient();
  if (!reauthentication) throw new Error('useConfirmIdentity needs a ReauthenticationProvider above it.');
  return useCallback(async () => {
    const types = (await queryClient.ensureQueryData(authenticatorsQueryOptions())).map((a) => a.type);
    const flows: ReauthenticationFlow[] = hasUsablePassword ? [{ id: 'reauthenticate' }] : [];
    if (types.includes('totp') || types.includes('webauthn')) flows.push({ id: 'mfa_reauthenticate', types });
    try {
      await reauthentication.confirm(reauthenticationMethodsOf(flows));
      return true;
    } catch (error) {
      if (error instanceof ReauthenticationCancelledError) return false;
      throw error;
    }
  }, [reauthentication, queryClient, hasUsablePassword]);
}
