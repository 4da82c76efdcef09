import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@voxpad/shared/pagination';
import { apiClient } from '../../../lib/api-client.ts';
import { scheduleUndoable, UNDO_DELAY_MS, type Undoable } from '../../../lib/undoable.ts';
import { voiceNoteQueryOptions } from './get-voice-note.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';

/** DELETE pad/{id}/voicenote/{vid}/. */
export function deleteVoiceNote(padId: string, voiceNoteId: string): Promise<void> {
  return apiClient.apiVoid(
    'DELETE',
    `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/`,
  );
}

type NotePages = InfiniteData<Page<VoiceNote>, string | null>;

/** Notes waiting out their undo delay: lists leave them out even if a refetch returns them. */
const pendingDeletions = new Set<string>();

export function isPendingDeletion(voiceNoteId: string): boolean {
  return pendingDeletions.has(voiceNoteId);
}

/**
 * Hides the note at once and deletes it on the server only after `UNDO_DELAY_MS`, so Undo
 * just cancels. A failed delete puts the note back and reports through `onFailed`.
 */
export function deleteVoiceNoteWithUndo(
  queryClient: QueryClient,
  note: Pick<VoiceNote, 'id' | 'pad_id'>,
  callbacks: { onDeleted?: () => void; onFailed?: (error: unknown) => void } = {},
): Undoable {
  const listKey = voiceNotesQueryKey(note.pad_id);
  pendingDeletions.add(note.id);
  const previous = queryClient.getQueryData<NotePages>(listKey);
  void queryClient.cancelQueries({ queryKey: listKey });
  if (previous) {
    queryClient.setQueryData<NotePages>(listKey, {
      ...previous,
      pages: previous.pages.map((page) => ({
        ...page,
        results: page.results.filter((item) => item.id !== note.id),
      })),
    });
  }
  const restore = () => {
    pendingDeletions.delete(note.id);
    if (previous) queryClient.setQueryData(listKey, previous);
    void queryClient.invalidateQueries({ queryKey: listKey });
  };
  const pending = scheduleUndoable(() => {
    deleteVoiceNote(note.pad_id, note.id).then(
      () => {
        pendingDeletions.delete(note.id);
        queryClient.removeQueries({ queryKey: voiceNoteQueryOptions(note.pad_id, note.id).queryKey });
        void queryClient.invalidateQueries({ queryKey: listKey });
        void queryClient.invalidateQueries({ queryKey: ['pads'] });
        void queryClient.invalidateQueries({ queryKey: ['stats'] });
        callbacks.onDeleted?.();
      },
      (error: unknown) => {
        restore();
        callbacks.onFailed?.(error);
      },
    );
  }, UNDO_DELAY_MS);
  return {
    ...pending,
    undo: () => {
      const undone = pending.undo();
      if (undone) restore();
      return undone;
    },
  };
}
