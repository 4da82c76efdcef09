import { createFileRoute, Outlet } from '@tanstack/react-router';
import { hasSessionHint } from '../features/auth/api/session-hint.ts';
import { leaveIfSignedIn } from './-components/leave-if-signed-in.ts';
import { PublicShell } from './-components/public-shell.tsx';

/**
 * The login page's layout: the anonymous one (routes/_anonymous.tsx) without React Query, which
 * the first page most visitors see paints without (ADR 0055). A browser without the server's
 * session hint is signed out, so there is nothing to ask; with it, the session is checked as on
 * the other sign-in screens.
 */
export const Route = createFileRoute('/_login')({
  beforeLoad: async ({ context }) => {
    if (!hasSessionHint()) return;
    await leaveIfSignedIn(await context.queries.load());
  },
  component: LoginLayout,
});

function LoginLayout() {
  return (
    <PublicShell centered>
      <Outlet />
    </PublicShell>
  );
}
