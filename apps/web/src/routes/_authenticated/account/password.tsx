import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionsQueryKey } from '../../../features/account/api/get-sessions.ts';
import { PasswordSection } from '../../../features/account/components/password-section.tsx';
import { apiTokensQueryKey } from '../../../features/api-tokens/api/get-api-tokens.ts';
import { sessionQueryKey } from '../../../features/auth/api/get-session.ts';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/account/password')({
  component: PasswordPage,
});

function PasswordPage() {
  useDocumentTitle('Password');
  const session = useSession();
  const queryClient = useQueryClient();
  if (!session.isAuthenticated) return null;
  return (
    <PasswordSection
      hasUsablePassword={session.user.has_usable_password}
      onChanged={() => {
        // A new password ends the other sessions, revokes every token and may give the
        // account its first password: what those screens hold is out of date.
        for (const queryKey of [sessionQueryKey, sessionsQueryKey, apiTokensQueryKey]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }}
    />
  );
}
