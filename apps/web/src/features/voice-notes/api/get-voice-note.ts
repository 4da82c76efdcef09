import { voiceNoteSchema, type VoiceNote } from '@voxpad/shared/voice-notes';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { isInProgress } from '../utils/voice-note-status.ts';
import { POLL_INTERVAL_MS } from './get-voice-notes.ts';

export function getVoiceNote(padId: string, voiceNoteId: string): Promise<VoiceNote> {
  return apiClient.api(
    'GET',
    `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/`,
    voiceNoteSchema,
  );
}

export function voiceNoteQueryKey(padId: string, voiceNoteId: string) {
  return ['voice-notes', padId, 'detail', voiceNoteId] as const;
}

export function voiceNoteQueryOptions(padId: string, voiceNoteId: string) {
  return queryOptions({
    queryKey: voiceNoteQueryKey(padId, voiceNoteId),
    queryFn: () => getVoiceNote(padId, voiceNoteId),
    refetchInterval: (query) =>
      query.state.data && isInProgress(query.state.data.status) ? POLL_INTERVAL_MS : false,
  });
}

/** `live`: an event stream keeps the note fresh, so polling stops. */
export function useVoiceNote(
  padId: string,
  voiceNoteId: string,
  options: { live?: boolean } = {},
): VoiceNote {
  const base = voiceNoteQueryOptions(padId, voiceNoteId);
  return useSuspenseQuery(options.live ? { ...base, refetchInterval: false } : base).data;
}
