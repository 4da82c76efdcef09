import type { HttpRequest, Upload } from 'tus-js-client';
import { UPLOAD_CHUNK_BYTES, UPLOADS_PATH, VOICE_NOTE_ID_HEADER } from '@voxpad/shared/uploads';
import { apiClient, getCsrfToken } from '../../../lib/api-client.ts';
import type { OutboxItem } from '../utils/outbox-item.ts';
import { describeUploadFailure, type UploadFailure } from '../utils/upload-error.ts';

/** Short waits for a flaky connection; a longer outage waits for the browser's online event. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

export class UploadFailedError extends Error {
  override readonly name = 'UploadFailedError';
  readonly failure: UploadFailure;
  constructor(failure: UploadFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

export interface SendCallbacks {
  /** The server made the upload (or it is resumed): keep its address to continue after a reload. */
  onUploadUrl: (url: string) => void;
  onProgress: (bytesSent: number) => void;
  signal: AbortSignal;
}

function addCredentials(request: HttpRequest) {
  const token = getCsrfToken();
  if (token) request.setHeader('X-CSRFToken', token);
  const xhr: unknown = request.getUnderlyingObject();
  // The session cookie must go along when the API is served from another origin (VITE_API_URL).
  if (xhr instanceof XMLHttpRequest) xhr.withCredentials = true;
}

/**
 * tus-js-client is imported when something is sent, not with the signed-in pages that show the
 * outbox: it is a tenth of the home screen's JavaScript (ADR 0055).
 */
const loadTus = () => import('tus-js-client');

function failureOf(
  error: Error,
  DetailedError: Awaited<ReturnType<typeof loadTus>>['DetailedError'],
): UploadFailure {
  const online = navigator.onLine;
  if (error instanceof DetailedError && error.originalResponse) {
    return describeUploadFailure(
      {
        method: error.originalRequest.getMethod(),
        status: error.originalResponse.getStatus(),
        body: error.originalResponse.getBody(),
      },
      online,
    );
  }
  return describeUploadFailure(null, online);
}

/** What the server files the note with: its pad, name, type and, when chosen, how many speak. */
export function tusMetadata(item: OutboxItem): Record<string, string> {
  return {
    pad_id: item.padId,
    filename: item.fileName,
    filetype: item.mimeType,
    ...(item.speakers ? { speakers: item.speakers } : {}),
  };
}

/**
 * Sends an outbox item with tus: creates the upload (or continues the one at
 * `item.uploadUrl` from the offset the server reports) and resolves with the id of the
 * voice note the server made of it. Rejects with an UploadFailedError, or an AbortError
 * when `signal` stops it.
 */
export async function sendWithTus(
  item: OutboxItem,
  { onUploadUrl, onProgress, signal }: SendCallbacks,
): Promise<string | null> {
  const { DetailedError, Upload } = await loadTus();
  return new Promise<string | null>((resolve, reject) => {
    let noteId: string | null = null;
    const upload: Upload = new Upload(item.blob, {
      // Absolute, so the server's Location header (often a path) resolves against it.
      endpoint: new URL(apiClient.url(UPLOADS_PATH), window.location.href).href,
      uploadUrl: item.uploadUrl,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      // The outbox keeps the upload's address itself, per item, in IndexedDB.
      storeFingerprintForResuming: false,
      metadata: tusMetadata(item),
      onBeforeRequest: addCredentials,
      onAfterResponse: (_request, response) => {
        noteId = response.getHeader(VOICE_NOTE_ID_HEADER) ?? noteId;
      },
      onUploadUrlAvailable: () => {
        if (upload.url) onUploadUrl(upload.url);
      },
      onProgress: (bytesSent) => onProgress(bytesSent),
      // Offline, retrying at once only burns the retries: the outbox waits for the network.
      onShouldRetry: (error) => {
        if (!navigator.onLine) return false;
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || [408, 409, 423, 429].includes(status);
      },
      onSuccess: () => resolve(noteId),
      onError: (error) => reject(new UploadFailedError(failureOf(error, DetailedError))),
    });
    if (signal.aborted) {
      reject(new DOMException('The upload was paused.', 'AbortError'));
      return;
    }
    signal.addEventListener(
      'abort',
      () => {
        void upload.abort(false);
        reject(new DOMException('The upload was paused.', 'AbortError'));
      },
      { once: true },
    );
    upload.start();
  });
}

/** Asks the server to drop a partial upload; the server expires it anyway, so failure is fine. */
export async function discardUpload(uploadUrl: string): Promise<void> {
  try {
    const { Upload } = await loadTus();
    await Upload.terminate(uploadUrl, { onBeforeRequest: addCredentials, retryDelays: null });
  } catch {
    // Expiry on the server removes it later.
  }
}
