import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { findOrCreateInboxPad } from '../../features/pads/api/find-or-create-inbox-pad.ts';
import { padsQueryKey } from '../../features/pads/api/get-pads.ts';
import type { Recording } from '../../features/recording/hooks/use-recorder.ts';
import { statsQueryKey } from '../../features/stats/api/get-stats.ts';
import { recentVoiceNotesQueryKey } from '../../features/voice-notes/api/get-recent-voice-notes.ts';
import { voiceNotesQueryKey } from '../../features/voice-notes/api/get-voice-notes.ts';
import { uploadVoiceNote } from '../../features/voice-notes/api/upload-voice-note.ts';

/** Where a header recording goes: the pad on screen, or (null) the Inbox. */
export interface QuickRecordTarget {
  padId: string;
  padName: string;
}

export interface QuickRecordUpload {
  recording: Recording;
  target: QuickRecordTarget | null;
  onProgress: (fraction: number) => void;
}

export interface FiledNote {
  note: VoiceNote;
  padName: string;
}

/** Files a header recording: finds or creates the Inbox when no pad is on screen, then uploads. */
export function useQuickRecordUpload(onFiled: (filed: FiledNote) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ recording, target, onProgress }: QuickRecordUpload): Promise<FiledNote> => {
      let pad: QuickRecordTarget;
      if (target) {
        pad = target;
      } else {
        const inbox = await findOrCreateInboxPad();
        pad = { padId: inbox.id, padName: inbox.name };
      }
      const note = await uploadVoiceNote({ padId: pad.padId, audio: recording.audio, onProgress });
      return { note, padName: pad.padName };
    },
    // Offline, fail at once (rather than pause unseen) so the dialog can keep the audio and say so.
    networkMode: 'always',
    onSuccess: (filed) => {
      void queryClient.invalidateQueries({ queryKey: padsQueryKey });
      void queryClient.invalidateQueries({ queryKey: statsQueryKey });
      void queryClient.invalidateQueries({ queryKey: recentVoiceNotesQueryKey });
      void queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(filed.note.pad_id) });
      onFiled(filed);
    },
  });
}
