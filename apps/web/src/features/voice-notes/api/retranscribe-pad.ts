import { padRetranscriptionSchema, type PadRetranscription } from '@voxpad/shared/transcripts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { padVoiceNotesQueryKey } from './get-voice-notes.ts';

/**
 * POST pad/{id}/retranscribe/ -> 202: every note of the pad with its recording and not being
 * transcribed goes back in the queue (an edited transcript stays a version); 409 when none can.
 */
export function retranscribePad(padId: string): Promise<PadRetranscription> {
  return apiClient.api('POST', `pad/${encodeURIComponent(padId)}/retranscribe/`, padRetranscriptionSchema, {
    body: {},
  });
}

/**
 * `onQueued`: notes are in the queue again (what counts notes by status reads them again).
 * Every query of the pad's notes is read again, so each shows it is waiting and polls as usual.
 */
export function useRetranscribePad(padId: string, { onQueued }: { onQueued?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retranscribePad(padId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: padVoiceNotesQueryKey(padId) });
      onQueued?.();
    },
  });
}
