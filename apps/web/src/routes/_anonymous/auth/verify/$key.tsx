import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { toast } from '../../../../lib/toast.ts';
import { AuthCard } from '../../../../components/layout/auth-card.tsx';
import { getEmailVerification } from '../../../../features/auth/api/get-email-verification.ts';
import { VerifyEmailConfirm } from '../../../../features/auth/components/verify-email-confirm.tsx';
import { checkEmailedKey } from '../../../-components/key-check.ts';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { useFlowNavigation } from '../../../-components/use-flow-navigation.ts';

export const Route = createFileRoute('/_anonymous/auth/verify/$key')({
  // Spec §2: 200 shows the screen, 400 means an invalid key, anything else goes home.
  loader: async ({ params }) => {
    const response = await checkEmailedKey(() => getEmailVerification(params.key));
    if (response.status === 400) throw redirect({ to: '/auth/invalid-key' });
    if (response.status !== 200) throw redirect({ to: '/' });
    return { email: response.data?.email };
  },
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const { key } = Route.useParams();
  const { email } = Route.useLoaderData();
  const navigate = useNavigate();
  const onPendingFlow = useFlowNavigation();
  return (
    <AuthCard title="Confirm your email">
      <VerifyEmailConfirm
        verificationKey={key}
        email={email}
        onAuthenticated={() => {
          toast.success('Your email address is confirmed.');
          void navigate({ to: '/', replace: true });
        }}
        onLoginRequired={() => {
          toast.success('Your email address is confirmed. Log in to continue.');
          void navigate({ to: '/auth/login', replace: true });
        }}
        // A passkey signup confirmed in the browser it started in goes on to its passkey.
        onPendingFlow={(flow) => flow === 'mfa_signup_webauthn' && onPendingFlow(flow)}
        onInvalidKey={() => void navigate({ to: '/auth/invalid-key', replace: true })}
      />
    </AuthCard>
  );
}
