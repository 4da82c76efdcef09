import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '../features/auth/hooks/use-session.ts';
import { setReportingUser } from '../lib/sentry.ts';
import { AppHeader } from './-components/app-header.tsx';
import { OutboxRunner } from './-components/outbox-runner.tsx';
import { signedInSession } from './-components/signed-in-session.ts';
import { RecoveredElsewhere } from './-components/recovered-elsewhere.tsx';
import { SiteFooter } from './-components/site-footer.tsx';
import { SkipLink } from './-components/skip-link.tsx';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const queryClient = await context.queries.load();
    const session = await signedInSession(queryClient);
    if (!session.isAuthenticated) {
      throw redirect({ to: '/auth/login', search: { redirect: location.href } });
    }
    return { queryClient, user: session.user };
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const session = useSession();
  const user = session.isAuthenticated ? session.user : null;

  useEffect(() => {
    setReportingUser(user);
    return () => setReportingUser(null);
  }, [user]);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <OutboxRunner ownerId={user ? String(user.id) : null} />
      <AppHeader />
      <RecoveredElsewhere />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
