import { useQueryClient } from '@tanstack/react-query';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useCallback } from 'react';
import { toast } from '../../../lib/toast.ts';
import { UNDO_DELAY_MS, type Undoable } from '../../../lib/undoable.ts';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { deleteVoiceNoteWithUndo } from '../api/delete-voice-note.ts';
import { voiceNoteTitle } from '../utils/voice-note-title.ts';

/** The note a deletion is about: enough to show it, and to count it out of its pad. */
export type DeletedNote = Pick<VoiceNote, 'id' | 'pad_id' | 'title' | 'duration_seconds'>;

export interface DeleteWithUndoOptions {
  /** Called after Undo has brought the note back (for example to show it again). */
  onUndone?: () => void;
}

/**
 * What the page that composes this keeps in step with a deletion (pad totals, stats, the
 * recent notes): the note left its list at once, came back, or is gone from the server.
 */
export interface DeletionEffects {
  onHidden?: (note: DeletedNote) => void;
  onRestored?: (note: DeletedNote) => void;
  onDeleted?: (note: DeletedNote) => void;
}

/**
 * Deletes a voice note the way every screen does: it leaves the lists at once, a toast offers
 * Undo while the deletion waits, and a refused deletion puts it back with an error toast.
 */
export function useDeleteVoiceNoteWithUndo(
  effects: DeletionEffects = {},
): (note: DeletedNote, options?: DeleteWithUndoOptions) => Undoable {
  const queryClient = useQueryClient();
  const { onHidden, onRestored, onDeleted } = effects;
  return useCallback(
    (note, options = {}) => {
      const title = voiceNoteTitle(note);
      const pending = deleteVoiceNoteWithUndo(
        queryClient,
        { id: note.id, pad_id: note.pad_id },
        {
          onHidden: () => onHidden?.(note),
          onRestored: () => onRestored?.(note),
          onDeleted: () => onDeleted?.(note),
          onFailed: toastHttpError,
        },
      );
      toast.success(`“${title}” deleted.`, {
        duration: UNDO_DELAY_MS,
        action: {
          label: 'Undo',
          onClick: () => {
            if (!pending.undo()) return;
            toast.info(`“${title}” is back.`);
            options.onUndone?.();
          },
        },
      });
      return pending;
    },
    [queryClient, onHidden, onRestored, onDeleted],
  );
}
