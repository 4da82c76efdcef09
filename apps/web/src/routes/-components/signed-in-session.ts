import type { QueryClient } from '@tanstack/react-query';
import {
  sessionQueryKey,
  sessionQueryOptions,
  type SessionState,
} from '../../features/auth/api/get-session.ts';
import { forgetSignedInUser, rememberSignedInUser } from '../../features/pwa/offline-session.ts';
import { NetworkError } from '../../lib/api-client.ts';

/** Only when the server is out of reach: the module (and the schema it checks with) loads then. */
async function rememberedSession(queryClient: QueryClient): Promise<SessionState | null> {
  const { rememberedUser } = await import('../../features/pwa/remembered-user.ts');
  const user = rememberedUser();
  if (!user) return null;
  const session: SessionState = { isAuthenticated: true, user };
  queryClient.setQueryData(sessionQueryKey, session);
  return session;
}

/**
 * The session for the signed-in screens. Offline (or with the server out of reach) the
 * person last signed in on this device gets the app with what the service worker kept;
 * every request still needs the real session once the server answers again.
 */
export async function signedInSession(queryClient: QueryClient): Promise<SessionState> {
  if (!navigator.onLine && queryClient.getQueryData(sessionQueryKey) === undefined) {
    const offline = await rememberedSession(queryClient);
    if (offline) return offline;
  }
  try {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (session.isAuthenticated) rememberSignedInUser(session.user);
    else forgetSignedInUser();
    return session;
  } catch (error) {
    const offline = error instanceof NetworkError ? await rememberedSession(queryClient) : null;
    if (offline) return offline;
    throw error;
  }
}
