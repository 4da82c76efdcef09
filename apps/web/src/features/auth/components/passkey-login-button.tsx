import { Button } from '../../../components/ui/button.tsx';
import type { AuthResponse } from '../api/auth-response.ts';
import { logInWithPasskey } from '../api/passkey-login.ts';
import { useLightMutation } from '../../../hooks/use-light-mutation.ts';

/** "Use a passkey": the browser lists the passkeys it holds for this site. */
export function PasskeyLoginButton({
  onResponse,
  onError,
  onSettled,
}: {
  onResponse: (response: AuthResponse) => void;
  onError: (error: unknown) => void;
  onSettled?: () => void;
}) {
  const login = useLightMutation({
    mutationFn: () => logInWithPasskey(),
    onSuccess: onResponse,
    onError,
    ...(onSettled ? { onSettled } : {}),
  });
  return (
    <Button variant="secondary" className="w-full" disabled={login.isPending} onClick={() => login.mutate()}>
      {login.isPending ? 'Waiting for your passkey…' : 'Use a passkey'}
    </Button>
  );
}
