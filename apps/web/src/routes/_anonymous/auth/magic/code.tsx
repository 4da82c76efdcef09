import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../../../components/layout/auth-card.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { RequestLoginCodeForm } from '../../../../features/auth/components/request-login-code-form.tsx';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_anonymous/auth/magic/code')({
  component: MagicCodePage,
});

function MagicCodePage() {
  useDocumentTitle('Get a login code');
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Get a login code"
      description="We will email you a one-time code to log in without your password."
      footer={<TextLink to="/auth/login">Log in with your password instead</TextLink>}
    >
      <RequestLoginCodeForm onCodeSent={() => void navigate({ to: '/auth/magic/verify' })} />
    </AuthCard>
  );
}
