import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { holdPadTotals, releasePadTotals } from '../../features/pads/api/pad-totals.ts';
import {
  useDeleteVoiceNoteWithUndo,
  type DeletionEffects,
} from '../../features/voice-notes/hooks/use-delete-voice-note-with-undo.ts';
import { useRefreshNoteLists } from './use-refresh-note-lists.ts';

/**
 * Deleting a note from any page, with Undo: its pad's totals drop at once (on the pad's page
 * and in the pad list) and come back with Undo; once the server has deleted it, the pads,
 * stats and recent notes are read again.
 */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  const refreshNoteLists = useRefreshNoteLists();
  const effects = useMemo<DeletionEffects>(
    () => ({
      onHidden: (note) =>
        holdPadTotals(queryClient, note.id, note.pad_id, {
          notes: -1,
          seconds: -(note.duration_seconds ?? 0),
        }),
      onRestored: (note) => releasePadTotals(queryClient, note.id, { happened: false }),
      onDeleted: (note) => {
        releasePadTotals(queryClient, note.id, { happened: true });
        void refreshNoteLists(note.pad_id);
      },
    }),
    [queryClient, refreshNoteLists],
  );
  return useDeleteVoiceNoteWithUndo(effects);
}
