import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../features/auth/api/get-session.ts';

/** The sign-in screens are for visitors: a signed-in person goes home. */
export async function leaveIfSignedIn(queryClient: QueryClient): Promise<void> {
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  if (session.isAuthenticated) throw redirect({ to: '/' });
}
