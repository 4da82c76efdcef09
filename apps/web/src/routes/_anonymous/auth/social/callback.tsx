import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { z } from 'zod';
import { AuthCard } from '../../../../components/layout/auth-card.tsx';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { useSession } from '../../../../features/auth/api/get-session.ts';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';

/** Spec §5: the error param is kept only if it is a string. */
const callbackSearchSchema = z.object({
  error: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/_anonymous/auth/social/callback')({
  validateSearch: callbackSearchSchema,
  component: SocialCallbackPage,
});

function describeProviderError(error: string): string {
  switch (error) {
    case 'cancelled':
      return 'You cancelled logging in with the provider.';
    case 'denied':
      return 'The provider did not allow the login.';
    default:
      return 'Logging in with the provider did not work. Please try again, or log in another way.';
  }
}

/**
 * Where the provider sends the person back. A successful login never renders this screen: the
 * anonymous guard sees the new session and goes home. What is left is an error or a pending step.
 */
function SocialCallbackPage() {
  useDocumentTitle('Logging in');
  const { error } = Route.useSearch();
  const session = useSession();
  const navigate = useNavigate();
  const pending = session.isAuthenticated
    ? null
    : (session.flows.find((flow) => flow.is_pending)?.id ?? null);

  useEffect(() => {
    if (error) return;
    if (pending === 'verify_email') void navigate({ to: '/auth/verification-pending', replace: true });
  }, [error, pending, navigate]);

  let message: string;
  if (error) message = describeProviderError(error);
  else if (pending === 'provider_signup')
    message = 'To finish signing up with that provider, ask the administrator to create your account.';
  else message = 'The login did not complete. Please try again.';

  return (
    <AuthCard title="Logging in" footer={<TextLink to="/auth/login">Back to log in</TextLink>}>
      <FormAlert>{message}</FormAlert>
    </AuthCard>
  );
}
