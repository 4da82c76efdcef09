import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../../../../components/layout/auth-card.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_anonymous/auth/password/invalid-key')({
  component: PasswordInvalidKeyPage,
});

function PasswordInvalidKeyPage() {
  useDocumentTitle('Invalid link');
  return (
    <AuthCard
      title="This reset link does not work"
      footer={<TextLink to="/auth/login">Back to log in</TextLink>}
    >
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-200">
        <p>The password reset link is invalid or has expired. Each link works only once.</p>
        <p>
          <TextLink to="/auth/password/reset">Request a new reset link</TextLink>
        </p>
      </div>
    </AuthCard>
  );
}
