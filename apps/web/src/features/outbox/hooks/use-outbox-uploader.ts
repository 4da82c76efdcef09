import { useEffect, useRef } from 'react';
import { setOutboxOwner } from '../outbox-store.ts';
import { startOutboxUploader, type OutboxUploaderOptions } from '../outbox-uploader.ts';

/**
 * Runs the tab's one outbox uploader for the signed-in account (`ownerId`); none while
 * signed out. Mount it once, in the signed-in layout.
 */
export function useOutboxUploader(ownerId: string | null, onUploaded: OutboxUploaderOptions['onUploaded']) {
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  useEffect(() => {
    setOutboxOwner(ownerId);
    if (ownerId === null) return;
    const stop = startOutboxUploader({ ownerId, onUploaded: (item) => onUploadedRef.current(item) });
    return () => {
      stop();
      setOutboxOwner(null);
    };
  }, [ownerId]);
}
