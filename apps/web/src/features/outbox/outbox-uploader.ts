import { sendWithTus, UploadFailedError } from './api/send-with-tus.ts';
import {
  getOutboxItem,
  listOutboxItems,
  removeOutboxItem,
  subscribeToOutbox,
  updateOutboxItem,
} from './outbox-store.ts';
import { nextToUpload, type OutboxItem } from './utils/outbox-item.ts';

/** One tab uploads at a time: the others show the same outbox and take over when it closes. */
const UPLOADER_LOCK = 'voxpad-outbox-uploader';

/** How often progress is written down (and shown in other tabs); the bytes go out regardless. */
const PROGRESS_SAVE_MS = 500;

export interface OutboxUploaderOptions {
  ownerId: string;
  /** Called once the server has made a voice note of the item, before it leaves the outbox. */
  onUploaded: (item: OutboxItem) => Promise<void> | void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Sends `ownerId`'s outbox, oldest first, one item at a time, while the browser is online.
 * Returns a function that stops it (an upload under way goes back to waiting and continues
 * from the server's offset next time).
 */
export function startOutboxUploader({ ownerId, onUploaded }: OutboxUploaderOptions): () => void {
  const stopped = new AbortController();
  let dirty = true;
  let wake: (() => void) | null = null;
  const poke = () => {
    dirty = true;
    wake?.();
    wake = null;
  };
  const waitForPoke = () =>
    new Promise<void>((resolve) => {
      if (dirty || stopped.signal.aborted) resolve();
      else wake = resolve;
    });

  const unsubscribe = subscribeToOutbox(poke);
  const onOnline = () => {
    void reconnect(ownerId).finally(poke);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', poke);

  async function run() {
    // Holding the lock, no other tab is sending: an item still marked as uploading was cut
    // off by a reload or a closed tab, and waits again.
    for (const item of await listOutboxItems(ownerId)) {
      if (item.status === 'uploading') await updateOutboxItem(item.id, { type: 'interrupt' });
    }
    while (!stopped.signal.aborted) {
      dirty = false;
      const next = navigator.onLine ? nextToUpload(await listOutboxItems(ownerId)) : undefined;
      if (next) await send(next, stopped.signal, onUploaded);
      else await waitForPoke();
    }
  }

  const fail = (error: unknown) => {
    if (!isAbort(error)) console.error('The outbox stopped uploading.', error);
  };
  if (typeof navigator.locks?.request === 'function') {
    navigator.locks.request(UPLOADER_LOCK, { signal: stopped.signal }, run).catch(fail);
  } else {
    run().catch(fail);
  }

  return () => {
    stopped.abort();
    unsubscribe();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', poke);
    poke();
  };
}

/** Back online: failures that may pass are tried again. */
async function reconnect(ownerId: string) {
  for (const item of await listOutboxItems(ownerId)) {
    if (item.status === 'failed') await updateOutboxItem(item.id, { type: 'reconnect' });
  }
}

async function send(
  item: OutboxItem,
  stopped: AbortSignal,
  onUploaded: OutboxUploaderOptions['onUploaded'],
): Promise<void> {
  const started = await updateOutboxItem(item.id, { type: 'start' });
  if (started?.status !== 'uploading') return;

  // Pause and cancel may come from any tab: they change or remove the stored item.
  const attempt = new AbortController();
  const stop = () => attempt.abort();
  stopped.addEventListener('abort', stop, { once: true });
  const unwatch = subscribeToOutbox(() => {
    void getOutboxItem(item.id).then((stored) => {
      if (stored?.status !== 'uploading') attempt.abort();
    });
  });

  let savedAt = 0;
  try {
    const noteId = await sendWithTus(started, {
      signal: attempt.signal,
      onUploadUrl: (uploadUrl) => void updateOutboxItem(item.id, { type: 'url', uploadUrl }),
      onProgress: (bytesSent) => {
        const now = Date.now();
        if (now - savedAt < PROGRESS_SAVE_MS) return;
        savedAt = now;
        void updateOutboxItem(item.id, { type: 'progress', bytesSent });
      },
    });
    const done = await updateOutboxItem(item.id, { type: 'complete', noteId });
    if (done?.status === 'done') {
      try {
        await onUploaded(done);
      } finally {
        await removeOutboxItem(item.id);
      }
    }
  } catch (error) {
    if (isAbort(error)) {
      // Stopped by the page going away: the item waits. Paused or cancelled: it already says so.
      if (stopped.aborted) await updateOutboxItem(item.id, { type: 'interrupt' });
      return;
    }
    const failure =
      error instanceof UploadFailedError
        ? error.failure
        : {
            message: 'The upload stopped unexpectedly. Press Retry.',
            retryable: true,
            connectionLost: false,
            uploadGone: false,
          };
    if (failure.uploadGone) {
      await updateOutboxItem(item.id, { type: 'restart' });
      await updateOutboxItem(item.id, { type: 'interrupt' });
    } else if (failure.connectionLost) {
      await updateOutboxItem(item.id, { type: 'interrupt' });
    } else {
      await updateOutboxItem(item.id, { type: 'fail', error: failure.message, retryable: failure.retryable });
    }
  } finally {
    unwatch();
    stopped.removeEventListener('abort', stop);
  }
}
