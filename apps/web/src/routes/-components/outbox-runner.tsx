import { useCallback } from 'react';
import { toast } from '../../lib/toast.ts';
import { useOutboxLeaveWarning } from '../../features/outbox/hooks/use-outbox-leave-warning.ts';
import { fileMarks } from '../../features/highlights/api/file-marks.ts';
import { useOutboxUploader } from '../../features/outbox/hooks/use-outbox-uploader.ts';
import type { OutboxItem } from '../../features/outbox/utils/outbox-item.ts';
import { useRefreshNoteLists } from './use-refresh-note-lists.ts';

/**
 * The signed-in tab's outbox uploader. When an item becomes a voice note, the lists that show
 * it are read again before the item leaves the outbox, so the note never seems to vanish, and
 * the moments marked while recording it are filed as its highlights.
 * While it sends, closing or reloading the tab asks first, whichever page is open.
 */
export function OutboxRunner({ ownerId }: { ownerId: string | null }) {
  const refreshNoteLists = useRefreshNoteLists();
  const onUploaded = useCallback(
    async (item: OutboxItem) => {
      // Moments marked while recording become the new note's highlights (ADR 0054).
      if (item.noteId && item.marks && item.marks.length > 0)
        await fileMarks(item.padId, item.noteId, item.marks);
      await refreshNoteLists(item.padId);
      toast.success(`“${item.fileName}” is uploaded. Transcription has started.`);
    },
    [refreshNoteLists],
  );
  useOutboxUploader(ownerId, onUploaded);
  useOutboxLeaveWarning();
  return null;
}
