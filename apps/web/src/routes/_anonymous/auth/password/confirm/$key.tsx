import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { toast } from '../../../../../lib/toast.ts';
import { AuthCard } from '../../../../../components/layout/auth-card.tsx';
import { getPasswordReset } from '../../../../../features/auth/api/get-password-reset.ts';
import { ResetPasswordForm } from '../../../../../features/auth/components/reset-password-form.tsx';
import { checkEmailedKey } from '../../../../-components/key-check.ts';
import { useDocumentTitle } from '../../../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_anonymous/auth/password/confirm/$key')({
  // Spec §2: 200 shows the form with the user, 400 means an invalid key, anything else goes home.
  loader: async ({ params }) => {
    const response = await checkEmailedKey(() => getPasswordReset(params.key));
    if (response.status === 400) throw redirect({ to: '/auth/password/invalid-key' });
    if (response.status !== 200) throw redirect({ to: '/' });
    return { user: response.data?.user };
  },
  component: PasswordConfirmPage,
});

function PasswordConfirmPage() {
  useDocumentTitle('Choose a new password');
  const { key } = Route.useParams();
  const { user } = Route.useLoaderData();
  const navigate = useNavigate();
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm
        resetKey={key}
        user={user}
        onAuthenticated={() => {
          toast.success('Your password has been changed.');
          void navigate({ to: '/', replace: true });
        }}
        onLoginRequired={() => {
          toast.success('Your password has been changed. Log in with your new password.');
          void navigate({ to: '/auth/login', replace: true });
        }}
        onInvalidKey={() => void navigate({ to: '/auth/password/invalid-key', replace: true })}
      />
    </AuthCard>
  );
}
