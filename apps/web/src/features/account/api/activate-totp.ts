import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { authenticatorsQueryKey } from './get-authenticators.ts';
import { AUTHENTICATOR_CONFLICT, totpSetupQueryKey } from './get-totp-setup.ts';

/** POST account/authenticators/totp with the app's first code; allauth may make recovery codes too. */
export async function activateTotp(code: string): Promise<void> {
  await accountCall<unknown>(
    'POST',
    'account/authenticators/totp',
    { code },
    {
      conflictMessage: AUTHENTICATOR_CONFLICT,
    },
  );
}

export function useActivateTotp(options: { onActivated?: () => void } = {}) {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (code: string) => reauthenticated(() => activateTotp(code)),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: totpSetupQueryKey });
      await queryClient.invalidateQueries({ queryKey: authenticatorsQueryKey });
      options.onActivated?.();
    },
  });
}
