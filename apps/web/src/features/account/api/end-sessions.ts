import type { UserSession } from '@voxpad/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthenticated } from '../hooks/use-reauthenticated.ts';
import { accountCall } from './account-call.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** DELETE auth/sessions: logs those devices out; answers the sessions that remain. */
export function endSessions(ids: number[]): Promise<UserSession[]> {
  return accountCall<UserSession[]>('DELETE', 'auth/sessions', { sessions: ids });
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  const reauthenticated = useReauthenticated();
  return useMutation({
    mutationFn: (ids: number[]) => reauthenticated(() => endSessions(ids)),
    onSuccess: (sessions) => queryClient.setQueryData(sessionsQueryKey, sessions),
  });
}
