import { createFileRoute, Outlet } from '@tanstack/react-router';
import { leaveIfSignedIn } from './-components/leave-if-signed-in.ts';
import { PublicShell } from './-components/public-shell.tsx';

/** The sign-in screens but the login page (routes/_login.tsx): their pages use React Query. */
export const Route = createFileRoute('/_anonymous')({
  beforeLoad: async ({ context }) => {
    const queryClient = await context.queries.load();
    await leaveIfSignedIn(queryClient);
    return { queryClient };
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
