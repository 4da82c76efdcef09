import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_anonymous/auth/verification-pending')({
  component: VerificationPendingPage,
});

function VerificationPendingPage() {
  useDocumentTitle('Confirm your email');
  return (
    <AuthCard title="Confirm your email" footer={<TextLink to="/auth/login">Back to log in</TextLink>}>
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
        <p>We sent you an email with a link to confirm your address. Open it to finish signing up.</p>
        <p className="text-slate-500 dark:text-slate-400">
          Nothing arrived after a few minutes? Check your spam folder, or log in again to have a new link
          sent.
        </p>
      </div>
    </AuthCard>
  );
}
