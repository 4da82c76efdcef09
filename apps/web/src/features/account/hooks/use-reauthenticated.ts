import { createContext, useCallback, useContext } from 'react';
import { ReauthenticationRequiredError } from '../api/account-call.ts';
import type { ReauthenticationMethod } from '../utils/reauthentication-methods.ts';

export interface Reauthentication {
  /**
   * Asks in place for the password, or another of the `methods` the server accepts; resolves
   * once the server accepted it, rejects with ReauthenticationCancelledError when the person
   * closes the prompt instead.
   */
  confirm: (methods?: ReauthenticationMethod[]) => Promise<void>;
}

export const ReauthenticationContext = createContext<Reauthentication | null>(null);

/**
 * Wraps a sensitive call: when the server answers that it needs the password again (allauth's
 * reauthentication flow), the prompt opens and, once confirmed, the same call runs again, so
 * the person never has to repeat what they started. A mutation stays pending meanwhile.
 */
export function useReauthenticated(): <T>(action: () => Promise<T>) => Promise<T> {
  const reauthentication = useContext(ReauthenticationContext);
  if (!reauthentication) throw new Error('useReauthenticated needs a ReauthenticationProvider above it.');
  return useCallback(
    async <T>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ReauthenticationRequiredError)) throw error;
        await reauthentication.confirm(error.methods);
        return action();
      }
    },
    [reauthentication],
  );
}
