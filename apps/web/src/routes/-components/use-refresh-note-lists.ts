import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { padsQueryKey } from '../../features/pads/api/get-pads.ts';
import { statsQueryKey } from '../../features/stats/api/get-stats.ts';
import { recentVoiceNotesQueryKey } from '../../features/voice-notes/api/get-recent-voice-notes.ts';
import { voiceNotesQueryKey } from '../../features/voice-notes/api/get-voice-notes.ts';

/**
 * A new note is on the server (uploaded from the outbox, or filed by the live stream): every
 * list that shows it or counts it is read again, the pad's own list awaited, so the note is
 * there when this settles and never seems to vanish.
 */
export function useRefreshNoteLists(): (padId: string) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (padId: string) => {
      void queryClient.invalidateQueries({ queryKey: padsQueryKey });
      void queryClient.invalidateQueries({ queryKey: statsQueryKey });
      void queryClient.invalidateQueries({ queryKey: recentVoiceNotesQueryKey });
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(padId) });
    },
    [queryClient],
  );
}
