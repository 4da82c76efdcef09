import type { QueryClient } from '@tanstack/react-query';
import {
  sessionQueryKey,
  sessionQueryOptions,
  type SessionState,
} from '../../features/auth/api/get-session.ts';
import {
  forgetSignedInUser,
  rememberedUser,
  rememberSignedInUser,
} from '../../features/pwa/offline-session.ts';
import { NetworkError } from '../../lib/api-client.ts';

function rememberedSession(queryClient: QueryClient): SessionState | null {
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
    const offline = rememberedSession(queryClient);
    if (offline) return offline;
  }
  try {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (session.isAuthenticated) rememberSignedInUser(session.user);
    else forgetSignedInUser();
    return session;
  } catch (error) {
    const offline = error instanceof NetworkError ? rememberedSession(queryClient) : null;
    if (offline) return offline;
    throw error;
  }
}
