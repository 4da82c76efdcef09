import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { toast } from '../../../../../lib/toast.ts';
import { getEmailConfirmation } from '../../../../../features/account/api/get-email-confirmation.ts';
import { ConfirmAddedEmail } from '../../../../../features/account/components/confirm-added-email.tsx';
import { useDocumentTitle } from '../../../../../hooks/use-document-title.ts';

/**
 * Where the confirmation link of an address added in the account area opens. Unlike
 * /auth/verify/{key} (the signup flow's, anonymous-only by spec §2) it works in the logged-in
 * browser; a visitor is sent to log in first and brought back here.
 */
export const Route = createFileRoute('/_authenticated/account/email/verify/$key')({
  loader: async ({ params }) => ({ confirmation: await getEmailConfirmation(params.key) }),
  component: ConfirmAddedEmailPage,
});

function ConfirmAddedEmailPage() {
  useDocumentTitle('Confirm an email address');
  const { key } = Route.useParams();
  const { confirmation } = Route.useLoaderData();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  return (
    <ConfirmAddedEmail
      verificationKey={key}
      confirmation={confirmation}
      currentUserId={user.id}
      onConfirmed={(email) => {
        toast.success(`${email} is confirmed.`);
        void navigate({ to: '/account/emails', replace: true });
      }}
    />
  );
}
