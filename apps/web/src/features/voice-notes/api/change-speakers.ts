import type { MergeSpeakers, ReassignSpeakers } from '@voxpad/shared/speakers';
import { voiceNoteSchema, type VoiceNote } from '@voxpad/shared/voice-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { voiceNoteQueryOptions } from './get-voice-note.ts';
import { transcriptVersionsQueryKey } from './transcript-versions.ts';

interface NoteRef {
  padId: string;
  voiceNoteId: string;
}

function speakersPath({ padId, voiceNoteId }: NoteRef, action: 'reassign' | 'merge'): string {
  return `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/speakers/${action}/`;
}

/** POST …/speakers/reassign/: a segment, some words, or a split; answers the note (ADR 0053). */
export function reassignSpeakers({
  change,
  ...note
}: NoteRef & { change: ReassignSpeakers }): Promise<VoiceNote> {
  return apiClient.api('POST', speakersPath(note, 'reassign'), voiceNoteSchema, { body: change });
}

/** POST …/speakers/merge/: `from`'s speech becomes `into`'s; answers the note. */
export function mergeSpeakers({ merge, ...note }: NoteRef & { merge: MergeSpeakers }): Promise<VoiceNote> {
  return apiClient.api('POST', speakersPath(note, 'merge'), voiceNoteSchema, { body: merge });
}

/**
 * Segment indexes change when an edit cuts a segment, so the note is re-read from the answer
 * rather than patched here; each edit also adds a transcript version.
 */
function useNoteAnswer() {
  const queryClient = useQueryClient();
  return (note: VoiceNote, { padId, voiceNoteId }: NoteRef) => {
    queryClient.setQueryData(voiceNoteQueryOptions(padId, voiceNoteId).queryKey, note);
    void queryClient.invalidateQueries({ queryKey: transcriptVersionsQueryKey(padId, voiceNoteId) });
  };
}

export function useReassignSpeakers() {
  const onSuccess = useNoteAnswer();
  return useMutation({ mutationFn: reassignSpeakers, onSuccess });
}

export function useMergeSpeakers() {
  const onSuccess = useNoteAnswer();
  return useMutation({ mutationFn: mergeSpeakers, onSuccess });
}
