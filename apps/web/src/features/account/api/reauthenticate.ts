import { useMutation } from '@tanstack/react-query';
import { accountCall } from './account-call.ts';

/** POST auth/reauthenticate: the password again, which vouches for sensitive changes a while longer. */
export async function reauthenticate(password: string): Promise<void> {
  await accountCall<unknown>('POST', 'auth/reauthenticate', { password });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
