import { transcriptVersionListSchema } from '@voxpad/shared/transcripts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryKey } from './get-voice-note.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';

function notePath(padId: string, voiceNoteId: string): string {
  return `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}`;
}

export function transcriptVersionsQueryKey(padId: string, voiceNoteId: string) {
  return [...voiceNoteQueryKey(padId, voiceNoteId), 'versions'] as const;
}

/** The versions as of the note's `updated_at`, so an edit or a finished transcription refetches. */
export function transcriptVersionsAtQueryKey(padId: string, voiceNoteId: string, updatedAt: string) {
  return [...transcriptVersionsQueryKey(padId, voiceNoteId), updatedAt] as const;
}

/** GET pad/{id}/voicenote/{vid}/versions/: every transcript the note has had. */
export function transcriptVersionsQueryOptions(padId: string, voiceNoteId: string, updatedAt: string) {
  return queryOptions({
    queryKey: transcriptVersionsAtQueryKey(padId, voiceNoteId, updatedAt),
    queryFn: () =>
      apiClient.api('GET', `${notePath(padId, voiceNoteId)}/versions/`, transcriptVersionListSchema),
    placeholderData: (previous) => previous,
  });
}

export function useTranscriptVersions(padId: string, voiceNoteId: string, updatedAt: string) {
  return useQuery(transcriptVersionsQueryOptions(padId, voiceNoteId, updatedAt));
}

/** POST pad/{id}/voicenote/{vid}/versions/{version}/restore/: that text becomes the transcript. */
export function useRestoreTranscriptVersion(padId: string, voiceNoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) =>
      apiClient.apiVoid(
        'POST',
        `${notePath(padId, voiceNoteId)}/versions/${encodeURIComponent(versionId)}/restore/`,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: voiceNoteQueryKey(padId, voiceNoteId) });
      void queryClient.invalidateQueries({ queryKey: transcriptVersionsQueryKey(padId, voiceNoteId) });
      void queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(padId) });
    },
  });
}
