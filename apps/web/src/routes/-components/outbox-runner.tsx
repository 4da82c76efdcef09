import { useCallback } from 'react';
import { toast } from 'sonner';
import { useOutboxLeaveWarning } from '../../features/outbox/hooks/use-outbox-leave-warning.ts';
import { useOutboxUploader } from '../../features/outbox/hooks/use-outbox-uploader.ts';
import type { OutboxItem } from '../../features/outbox/utils/outbox-item.ts';
import { useRefreshNoteLists } from './use-refresh-note-lists.ts';

/**
 * The signed-in tab's outbox uploader. When an item becomes a voice note, the lists that show
 * it are read again before the item leaves the outbox, so the note never seems to vanish.
 * While it sends, closing or reloading the tab asks first, whichever page is open.
 */
export function OutboxRunner({ ownerId }: { ownerId: string | null }) {
  const refreshNoteLists = useRefreshNoteLists();
  const onUploaded = useCallback(
    async (item: OutboxItem) => {
      await refreshNoteLists(item.padId);
      toast.success(`“${item.fileName}” is uploaded. Transcription has started.`);
    },
    [refreshNoteLists],
  );
  useOutboxUploader(ownerId, onUploaded);
  useOutboxLeaveWarning();
  return null;
}
