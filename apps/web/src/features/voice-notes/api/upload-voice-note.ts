import { UPLOAD_FILE_NAME, voiceNoteSchema, type VoiceNote } from '@voxpad/shared/voice-notes';
import { attachmentDisposition } from '../utils/upload-file.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';

export interface UploadVoiceNoteInput {
  padId: string;
  audio: Blob;
  /** The picked file's name; recordings use `recording.wav`. */
  fileName?: string;
  /** How many people speak, "1".."8" (`?speakers=`); absent or "auto": the server finds out. */
  speakers?: string | undefined;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST pad/{id}/voicenote/ with the raw audio as the body, its own content type, and
 * `Content-Disposition: attachment; filename="recording.wav"` (spec §7), or the picked file's name.
 */
export function uploadVoiceNote({
  padId,
  audio,
  fileName = UPLOAD_FILE_NAME,
  speakers,
  onProgress,
  signal,
}: UploadVoiceNoteInput): Promise<VoiceNote> {
  const hint = speakers && speakers !== 'auto' ? `?speakers=${encodeURIComponent(speakers)}` : '';
  return apiClient.upload(`pad/${encodeURIComponent(padId)}/voicenote/${hint}`, voiceNoteSchema, {
    body: audio,
    headers: {
      'Content-Type':
        audio.type || (fileName === UPLOAD_FILE_NAME ? 'audio/wav' : 'application/octet-stream'),
      'Content-Disposition': attachmentDisposition(fileName),
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
    // Offline, an upload fails at once (instead of pausing unseen) so the page can keep the
    // recording, say so, and send it when the network is back.
    networkMode: 'always',
    onSuccess: async (note, input) => {
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(input.padId) });
      options.onSuccess?.(note);
    },
  });
}
