import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_anonymous/auth/invalid-key')({
  component: InvalidKeyPage,
});

function InvalidKeyPage() {
  useDocumentTitle('Invalid link');
  return (
    <AuthCard title="This link does not work" footer={<TextLink to="/auth/login">Back to log in</TextLink>}>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        The email confirmation link is invalid or has expired, or the address was already confirmed. Log in to
        have a new confirmation email sent if you still need one.
      </p>
    </AuthCard>
  );
}
