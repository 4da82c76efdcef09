import { createFileRoute } from '@tanstack/react-router';
import { EMAIL_LINK_LIFETIME_DAYS } from '@voxpad/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { signupAddress } from '../../../features/auth/utils/login-code-address.ts';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import {
  resendEmailVerification,
  type ResendOutcome,
} from '../../../features/auth/api/resend-email-verification.ts';

export const Route = createFileRoute('/_anonymous/auth/verification-pending')({
  component: VerificationPendingPage,
});

const OUTCOME_TEXT: Record<ResendOutcome, string> = {
  sent: 'A new link is on its way. It may take a minute to arrive.',
  'nothing-pending': 'There is no signup waiting for confirmation in this browser. Log in to get a new link.',
  'too-soon': 'A link was sent a moment ago. Wait a few minutes before asking for another.',
};

function VerificationPendingPage() {
  useDocumentTitle('Confirm your email');
  const resend = useMutation({ mutationFn: resendEmailVerification });
  const [address] = useState(signupAddress);
  return (
    <AuthCard title="Confirm your email" footer={<TextLink to="/auth/login">Back to log in</TextLink>}>
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
        <p>
          We sent {address ? `an email to ${address}` : 'you an email'} with a link to confirm your address.
          Open it within {EMAIL_LINK_LIFETIME_DAYS} days to finish signing up.
        </p>
        <p className="text-slate-500 dark:text-slate-400">
          Nothing arrived after a few minutes? Check your spam folder, or send the link again.
        </p>
        <Button
          variant="secondary"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
          className="w-full"
        >
          {resend.isPending ? 'Sending…' : 'Resend the link'}
        </Button>
        <p role="status" aria-live="polite">
          {resend.data
            ? OUTCOME_TEXT[resend.data]
            : resend.isError
              ? 'The link could not be sent. Check your connection and try again.'
              : ''}
        </p>
      </div>
    </AuthCard>
  );
}
