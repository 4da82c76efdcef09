import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../../../components/layout/auth-card.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { RequestPasswordResetForm } from '../../../../features/auth/components/request-password-reset-form.tsx';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_anonymous/auth/password/reset')({
  component: PasswordResetPage,
});

function PasswordResetPage() {
  useDocumentTitle('Reset your password');
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email address of your account and we will send you a way to choose a new password."
      footer={<TextLink to="/auth/login">Back to log in</TextLink>}
    >
      <RequestPasswordResetForm
        onEnterCode={(code) => void navigate({ to: '/auth/password/confirm/$key', params: { key: code } })}
      />
    </AuthCard>
  );
}
