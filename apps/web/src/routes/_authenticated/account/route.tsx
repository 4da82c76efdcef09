import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ReauthenticationProvider } from '../../../features/account/components/reauthentication-provider.tsx';
import { authConfigQueryOptions, passkeyReachOf } from '../../../features/auth/api/get-auth-config.ts';
import { PageHeading } from '../../-components/page-heading.tsx';
import { AccountNav } from './-components/account-nav.tsx';
import { useLeaveWhenSignedOut } from './-components/use-leave-when-signed-out.ts';

export const Route = createFileRoute('/_authenticated/account')({
  loader: ({ context }) => context.queryClient.ensureQueryData(authConfigQueryOptions()),
  component: AccountLayout,
});

/** The account area: its sections, and the one password prompt their sensitive changes share. */
function AccountLayout() {
  useLeaveWhenSignedOut();
  // The "confirm it's you" prompt offers a passkey only where this page can use one.
  const passkeys = passkeyReachOf(useSuspenseQuery(authConfigQueryOptions()).data);
  return (
    <div className="space-y-6">
      <PageHeading title="Account" description="Your profile, how you log in, and where you are logged in." />
      <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <AccountNav />
        <div className="min-w-0 space-y-6">
          <ReauthenticationProvider passkeys={passkeys}>
            <Outlet />
          </ReauthenticationProvider>
        </div>
      </div>
    </div>
  );
}
