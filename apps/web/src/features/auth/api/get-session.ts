import type { Flow, User } from '@voxpad/shared/auth';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, type ApiClient } from '../../../lib/api-client.ts';
import { isAuthenticatedResponse, type AuthResponse } from './auth-response.ts';
import { dropSessionHint, hasSessionHint } from './session-hint.ts';

export type SessionState = { isAuthenticated: true; user: User } | { isAuthenticated: false; flows: Flow[] };

export const ANONYMOUS_SESSION: SessionState = { isAuthenticated: false, flows: [] };

/**
 * Spec §4: authenticated only when meta.is_authenticated is true AND status is 200.
 * A response that claims authenticated with status 410 means the session is gone on the server:
 * the client must log out (DELETE the session) and treat the visitor as anonymous.
 */
export function deriveSessionState(response: AuthResponse): {
  state: SessionState;
  mustLogout: boolean;
} {
  if (isAuthenticatedResponse(response)) {
    return { state: { isAuthenticated: true, user: response.data.user }, mustLogout: false };
  }
  const mustLogout = response.meta?.is_authenticated === true && response.status === 410;
  return {
    state: { isAuthenticated: false, flows: response.data?.flows ?? [] },
    mustLogout,
  };
}

export function getSessionResponse(client: ApiClient = apiClient): Promise<AuthResponse> {
  return client.auth<AuthResponse>('GET', 'auth/session');
}

export function deleteSession(client: ApiClient = apiClient): Promise<AuthResponse> {
  return client.auth<AuthResponse>('DELETE', 'auth/session');
}

/**
 * Reads the session, performing the logout a gone (410) session requires. A browser without the
 * server's session hint is signed out: asking would only get a 401, which Chromium logs as a
 * failed request on every signed-out page load.
 */
export async function fetchSession(
  client: ApiClient = apiClient,
  hinted: () => boolean = hasSessionHint,
): Promise<SessionState> {
  if (!hinted()) return ANONYMOUS_SESSION;
  const { state, mustLogout } = deriveSessionState(await getSessionResponse(client));
  if (!state.isAuthenticated && !state.flows.some((flow) => flow.is_pending === true)) {
    // The session ended on the server (expired, ended from another device): ask no more.
    dropSessionHint();
  }
  if (mustLogout) {
    try {
      await deleteSession(client);
    } catch (error) {
      // The visitor is anonymous either way; a failed clean-up must not block the app.
      console.warn('Logging out a gone session failed.', error);
    }
  }
  return state;
}

/** Everything the auth API answers; kept when the signed-in user's data is dropped at logout. */
export const authQueryKey = ['auth'] as const;
export const sessionQueryKey = [...authQueryKey, 'session'] as const;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: () => fetchSession(),
    staleTime: 5 * 60 * 1000,
  });
}

/** Stores the session an auth call answered with, so guards see it without another request. */
export function storeSessionFrom(queryClient: QueryClient, response: AuthResponse): SessionState {
  const { state } = deriveSessionState(response);
  queryClient.setQueryData(sessionQueryKey, state);
  return state;
}
