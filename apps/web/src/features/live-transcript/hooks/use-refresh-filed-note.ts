import { useQueryClient } from '@tanstack/react-query';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useCallback } from 'react';
import { padsQueryKey } from '../../pads/api/get-pads.ts';
import { statsQueryKey } from '../../stats/api/get-stats.ts';
import { recentVoiceNotesQueryKey } from '../../voice-notes/api/get-recent-voice-notes.ts';
import { voiceNotesQueryKey } from '../../voice-notes/api/get-voice-notes.ts';

/**
 * After the live stream filed a note: the lists that show it are read again (as after an
 * upload, see OutboxRunner), the pad's own list awaited so the note is there when this settles.
 */
export function useRefreshFiledNote(): (note: VoiceNote) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (note: VoiceNote) => {
      void queryClient.invalidateQueries({ queryKey: padsQueryKey });
      void queryClient.invalidateQueries({ queryKey: statsQueryKey });
      void queryClient.invalidateQueries({ queryKey: recentVoiceNotesQueryKey });
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(note.pad_id) });
    },
    [queryClient],
  );
}
