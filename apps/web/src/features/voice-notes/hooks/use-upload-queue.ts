import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError, isHttpError } from '../../../lib/api-client.ts';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useUploadVoiceNote } from '../api/upload-voice-note.ts';
import { uploadCanBeRetried } from '../utils/upload-failure.ts';

/** Audio on its way to the server: a recording or a picked file. */
export interface PendingAudio {
  audio: Blob;
  /** A picked file's name; recordings have none. */
  fileName?: string;
  /** How the audio is named in messages, e.g. "The recording (7 s)". */
  label: string;
}

export interface UploadFailure {
  item: PendingAudio;
  message: string;
  /** False when the server refused the audio itself: sending it again cannot help. */
  retryable: boolean;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Uploads to one pad. Audio that cannot go out because the browser is offline waits here
 * and is sent, oldest first, when the browser is back online. (In memory only, so it is
 * kept while the page stays open.)
 */
export function useUploadQueue(padId: string, { onUploaded }: { onUploaded: () => void }) {
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState<UploadFailure | null>(null);
  const [waiting, setWaiting] = useState<PendingAudio[]>([]);
  const waitingRef = useRef<PendingAudio[]>([]);
  const abortRef = useRef<AbortController | null>(null);
  const upload = useUploadVoiceNote({ onSuccess: onUploaded });
  const { mutateAsync } = upload;

  const setQueue = useCallback((next: PendingAudio[]) => {
    waitingRef.current = next;
    setWaiting(next);
  }, []);

  /** Sends one item; false when it could not go (it then waits or is reported as failed). */
  const sendNow = useCallback(
    async (item: PendingAudio): Promise<boolean> => {
      setFailed(null);
      if (!navigator.onLine) {
        setQueue([...waitingRef.current, item]);
        return false;
      }
      setProgress(0);
      const controller = new AbortController();
      abortRef.current = controller;
      try {
        await mutateAsync({
          padId,
          audio: item.audio,
          ...(item.fileName ? { fileName: item.fileName } : {}),
          onProgress: setProgress,
          signal: controller.signal,
        });
        return true;
      } catch (error) {
        if (isAbort(error)) {
          setFailed({ item, message: `The upload of ${item.label} was cancelled.`, retryable: true });
        } else if (error instanceof NetworkError && !navigator.onLine) {
          // The connection went away during the upload: wait for it like an offline recording.
          setQueue([...waitingRef.current, item]);
        } else {
          // The server explains refusals (format, size, length) in words; show them in place.
          if (!isHttpError(error) || error.errors.length === 0) toastHttpError(error);
          const reason = isHttpError(error) && error.errors[0] ? `: ${error.errors[0].message}` : '.';
          setFailed({
            item,
            message: `${item.label} could not be uploaded${reason}`,
            retryable: uploadCanBeRetried(error),
          });
        }
        return false;
      }
    },
    [mutateAsync, padId, setQueue],
  );

  const send = useCallback((item: PendingAudio) => void sendNow(item), [sendNow]);

  const flushing = useRef(false);
  useEffect(() => {
    const flush = async () => {
      if (flushing.current) return;
      flushing.current = true;
      try {
        while (navigator.onLine && waitingRef.current.length > 0) {
          const [next, ...rest] = waitingRef.current;
          setQueue(rest);
          if (!next || !(await sendNow(next))) break;
        }
      } finally {
        flushing.current = false;
      }
    };
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [sendNow, setQueue]);

  return {
    send,
    progress,
    uploading: upload.isPending,
    waiting,
    failed,
    cancelUpload: () => abortRef.current?.abort(),
    dismissFailure: () => setFailed(null),
    discardWaiting: () => setQueue([]),
  };
}
