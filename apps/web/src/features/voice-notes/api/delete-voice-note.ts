import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { scheduleUndoable, UNDO_DELAY_MS, type Undoable } from '../../../lib/undoable.ts';
import { voiceNoteQueryKey } from './get-voice-note.ts';
import { voiceNotesQueryKey } from './get-voice-notes.ts';
import { withNoteBack, withoutNote, type NotePages, type Removed } from './note-list-cache.ts';

/** DELETE pad/{id}/voicenote/{vid}/. */
export function deleteVoiceNote(padId: string, voiceNoteId: string): Promise<void> {
  return apiClient.apiVoid(
    'DELETE',
    `pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/`,
  );
}

/** Notes waiting out their undo delay: lists leave them out even if a refetch returns them. */
const pendingDeletions = new Set<string>();

export function isPendingDeletion(voiceNoteId: string): boolean {
  return pendingDeletions.has(voiceNoteId);
}

/** What a deletion tells the page, which keeps what other features show in step. */
export interface DeletionCallbacks {
  /** The note left its pad's list (at once); the server still has it until the Undo delay ends. */
  onHidden?: () => void;
  /** Undo, or a refused deletion, brought the note back. */
  onRestored?: () => void;
  /** The server deleted the note. */
  onDeleted?: () => void;
  onFailed?: (error: unknown) => void;
}

/**
 * Hides the note at once and deletes it on the server only after `UNDO_DELAY_MS`, so Undo
 * just cancels. Undo, or a failed delete, puts the note back where it was; a failure is then
 * reported through `onFailed`.
 */
export function deleteVoiceNoteWithUndo(
  queryClient: QueryClient,
  note: Pick<VoiceNote, 'id' | 'pad_id'>,
  callbacks: DeletionCallbacks = {},
): Undoable {
  const listKey = voiceNotesQueryKey(note.pad_id);
  pendingDeletions.add(note.id);
  callbacks.onHidden?.();
  void queryClient.cancelQueries({ queryKey: listKey });
  let removed: Removed | null = null;
  const cached = queryClient.getQueryData<NotePages>(listKey);
  if (cached) {
    const result = withoutNote(cached, note.id);
    removed = result.removed;
    if (removed) queryClient.setQueryData<NotePages>(listKey, result.pages);
  }
  const restore = () => {
    pendingDeletions.delete(note.id);
    const back = removed;
    if (back) {
      queryClient.setQueryData<NotePages>(listKey, (current) =>
        current ? withNoteBack(current, back) : current,
      );
    }
    void queryClient.invalidateQueries({ queryKey: listKey });
    callbacks.onRestored?.();
  };
  const pending = scheduleUndoable(() => {
    deleteVoiceNote(note.pad_id, note.id).then(
      () => {
        pendingDeletions.delete(note.id);
        queryClient.removeQueries({ queryKey: voiceNoteQueryKey(note.pad_id, note.id) });
        void queryClient.invalidateQueries({ queryKey: listKey });
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
