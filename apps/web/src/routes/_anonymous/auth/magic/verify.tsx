import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../../../components/layout/auth-card.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { ConfirmLoginCodeForm } from '../../../../features/auth/components/confirm-login-code-form.tsx';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { useFlowNavigation } from '../../../-components/use-flow-navigation.ts';

export const Route = createFileRoute('/_anonymous/auth/magic/verify')({
  component: MagicVerifyPage,
});

function MagicVerifyPage() {
  useDocumentTitle('Enter your login code');
  const navigate = useNavigate();
  const onPendingFlow = useFlowNavigation();
  return (
    <AuthCard
      title="Enter your login code"
      description="Check your email for the code we sent and enter it here."
      footer={<TextLink to="/auth/magic/code">Send a new code</TextLink>}
    >
      <ConfirmLoginCodeForm
        onAuthenticated={() => void navigate({ to: '/', replace: true })}
        onPendingFlow={(flow) => flow !== 'login_by_code' && onPendingFlow(flow)}
      />
    </AuthCard>
  );
}
