import { UPLOAD_FILE_NAME, voiceNoteSchema, type VoiceNote } from '@voxpad/shared/voice-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';

export interface UploadVoiceNoteInput {
  padId: string;
  audio: Blob;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST pad/{id}/voicenote/ with the raw audio as the body, its own content type, and
 * `Content-Disposition: attachment; filename="recording.wav"` (spec §7).
 */
export function uploadVoiceNote({
  padId,
  audio,
  onProgress,
  signal,
}: UploadVoiceNoteInput): Promise<VoiceNote> {
  return apiClient.upload(`pad/${encodeURIComponent(padId)}/voicenote/`, voiceNoteSchema, {
    body: audio,
    headers: {
      'Content-Type': audio.type || 'audio/wav',
      'Content-Disposition': `attachment; filename="${UPLOAD_FILE_NAME}"`,
    },
    ...(onProgress
      ? {
          onProgress: ({ loaded, total }: { loaded: number; total: number }) =>
            onProgress(total > 0 ? loaded / total : 0),
        }
      : {}),
    ...(signal ? { signal } : {}),
  });
}

export function useUploadVoiceNote(options: { onSuccess?: (note: VoiceNote) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVoiceNote,
    onSuccess: async (note, input) => {
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(input.padId) });
      options.onSuccess?.(note);
    },
  });
}
