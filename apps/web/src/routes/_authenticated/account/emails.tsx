import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EmailAddressesSection } from '../../../features/account/components/email-addresses-section.tsx';
import { sessionQueryKey } from '../../../features/auth/api/get-session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/account/emails')({
  component: EmailsPage,
});

function EmailsPage() {
  useDocumentTitle('Email addresses');
  const queryClient = useQueryClient();
  // The signed-in user's email (shown in the profile, used by reporting) is the primary one.
  return (
    <EmailAddressesSection
      onPrimaryChanged={() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })}
    />
  );
}
