import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { useOutboxLeaveWarning } from '../../features/outbox/hooks/use-outbox-leave-warning.ts';
import { useOutboxUploader } from '../../features/outbox/hooks/use-outbox-uploader.ts';
import type { OutboxItem } from '../../features/outbox/utils/outbox-item.ts';
import { padsQueryKey } from '../../features/pads/api/get-pads.ts';
import { statsQueryKey } from '../../features/stats/api/get-stats.ts';
import { recentVoiceNotesQueryKey } from '../../features/voice-notes/api/get-recent-voice-notes.ts';
import { voiceNotesQueryKey } from '../../features/voice-notes/api/get-voice-notes.ts';

/**
 * The signed-in tab's outbox uploader. When an item becomes a voice note, the lists that show
 * it are read again before the item leaves the outbox, so the note never seems to vanish.
 * While it sends, closing or reloading the tab asks first, whichever page is open.
 */
export function OutboxRunner({ ownerId }: { ownerId: string | null }) {
  const queryClient = useQueryClient();
  const onUploaded = useCallback(
    async (item: OutboxItem) => {
      void queryClient.invalidateQueries({ queryKey: padsQueryKey });
      void queryClient.invalidateQueries({ queryKey: statsQueryKey });
      void queryClient.invalidateQueries({ queryKey: recentVoiceNotesQueryKey });
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey(item.padId) });
      toast.success(`“${item.fileName}” is uploaded. Transcription has started.`);
    },
    [queryClient],
  );
  useOutboxUploader(ownerId, onUploaded);
  useOutboxLeaveWarning();
  return null;
}
