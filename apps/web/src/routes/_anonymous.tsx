import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { PublicShell } from './-components/public-shell.tsx';

export const Route = createFileRoute('/_anonymous')({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session.isAuthenticated) throw redirect({ to: '/' });
  },
  component: AnonymousLayout,
});

function AnonymousLayout() {
  return (
    <PublicShell centered>
      <Outlet />
    </PublicShell>
  );
}
