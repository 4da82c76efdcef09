import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorSection } from '../../../features/account/components/two-factor-section.tsx';
import { useSession } from '../../../features/auth/hooks/use-session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/account/two-factor')({
  component: TwoFactorPage,
});

function TwoFactorPage() {
  useDocumentTitle('Two-factor authentication');
  const session = useSession();
  if (!session.isAuthenticated) return null;
  return <TwoFactorSection account={session.user.email ?? session.user.display} />;
}
