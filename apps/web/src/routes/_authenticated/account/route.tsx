import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ReauthenticationProvider } from '../../../features/account/components/reauthentication-provider.tsx';
import { PageHeading } from '../../-components/page-heading.tsx';
import { AccountNav } from './-components/account-nav.tsx';
import { useLeaveWhenSignedOut } from './-components/use-leave-when-signed-out.ts';

export const Route = createFileRoute('/_authenticated/account')({
  component: AccountLayout,
});

/** The account area: its sections, and the one password prompt their sensitive changes share. */
function AccountLayout() {
  useLeaveWhenSignedOut();
  return (
    <div className="space-y-6">
      <PageHeading title="Account" description="Your profile, how you log in, and where you are logged in." />
      <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <AccountNav />
        <div className="min-w-0 space-y-6">
          <ReauthenticationProvider>
            <Outlet />
          </ReauthenticationProvider>
        </div>
      </div>
    </div>
  );
}
