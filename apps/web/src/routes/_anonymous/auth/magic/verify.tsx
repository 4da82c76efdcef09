import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthCard } from '../../../../components/layout/auth-card.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { ConfirmLoginCodeForm } from '../../../../features/auth/components/confirm-login-code-form.tsx';
import { loginCodeAddress, loginCodeSentText } from '../../../../features/auth/utils/login-code-address.ts';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { useFlowNavigation } from '../../../-components/use-flow-navigation.ts';

export const Route = createFileRoute('/_anonymous/auth/magic/verify')({
  component: MagicVerifyPage,
});

function MagicVerifyPage() {
  useDocumentTitle('Enter your login code');
  const navigate = useNavigate();
  const onPendingFlow = useFlowNavigation();
  // Read once: the address does not change while the screen is open.
  const [sentText] = useState(() => loginCodeSentText(loginCodeAddress()));
  return (
    <AuthCard
      title="Enter your login code"
      description={sentText}
      footer={<TextLink to="/auth/magic/code">Send a new code</TextLink>}
    >
      <ConfirmLoginCodeForm
        onAuthenticated={() => void navigate({ to: '/', replace: true })}
        onPendingFlow={(flow) => flow !== 'login_by_code' && onPendingFlow(flow)}
      />
    </AuthCard>
  );
}
