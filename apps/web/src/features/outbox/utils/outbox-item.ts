/**
 * An outbox item: audio kept in this browser until the server has all of it. The status
 * moves only through `applyOutboxEvent`, so every tab and the uploader agree on what may
 * follow what (a paused item is never picked up, a finished one never sent again).
 */
export type OutboxStatus = 'waiting' | 'uploading' | 'paused' | 'failed' | 'done';

export interface OutboxItem {
  id: string;
  /** The account that recorded or picked it: another account signed in here never sees or sends it. */
  ownerId: string;
  padId: string;
  fileName: string;
  mimeType: string;
  size: number;
  durationSeconds?: number;
  /**
   * Moments marked while recording, in seconds (ADR 0054): kept with the audio, so an offline
   * recording keeps them, and filed as the note's highlights once the upload made it.
   */
  marks?: number[];
  /**
   * How many people speak, "1".."4" as the person chose it (ADR 0053); absent: the server
   * finds out. Kept with the audio and sent as the upload's `speakers` metadata.
   */
  speakers?: string;
  blob: Blob;
  status: OutboxStatus;
  /** The server's resumable upload, once created: sending continues there after a reload. */
  uploadUrl: string | null;
  bytesSent: number;
  /** Why the last attempt failed, in words for the person. */
  error: string | null;
  /** False when the server refused the audio itself: sending it again cannot help. */
  retryable: boolean;
  /** The voice note the server made of it, once done. */
  noteId: string | null;
  createdAt: string;
}

export type OutboxEvent =
  | { type: 'start' }
  | { type: 'url'; uploadUrl: string }
  | { type: 'progress'; bytesSent: number }
  /** The connection went away: wait for it, keeping what the server already has. */
  | { type: 'interrupt' }
  | { type: 'fail'; error: string; retryable: boolean }
  | { type: 'complete'; noteId: string | null }
  | { type: 'pause' }
  /** Retry after a failure, or resume after a pause: the person asked. */
  | { type: 'retry' }
  /** The network is back: a failure that may pass is tried again; a pause stays a pause. */
  | { type: 'reconnect' }
  /** The server forgot the upload (expired): start over from the first byte. */
  | { type: 'restart' };

const ALLOWED: Record<OutboxEvent['type'], readonly OutboxStatus[]> = {
  start: ['waiting'],
  url: ['uploading'],
  progress: ['uploading'],
  interrupt: ['uploading'],
  fail: ['uploading'],
  complete: ['uploading'],
  pause: ['waiting', 'uploading', 'failed'],
  retry: ['paused', 'failed'],
  reconnect: ['failed'],
  restart: ['waiting', 'uploading', 'paused', 'failed'],
};

/** The item after `event`; the same object when the event does not apply to its status. */
export function applyOutboxEvent(item: OutboxItem, event: OutboxEvent): OutboxItem {
  if (!ALLOWED[event.type].includes(item.status)) return item;
  switch (event.type) {
    case 'start':
      return { ...item, status: 'uploading', error: null };
    case 'url':
      return { ...item, uploadUrl: event.uploadUrl };
    case 'progress':
      return { ...item, bytesSent: Math.min(item.size, Math.max(0, event.bytesSent)) };
    case 'interrupt':
      return { ...item, status: 'waiting' };
    case 'fail':
      return { ...item, status: 'failed', error: event.error, retryable: event.retryable };
    case 'complete':
      return { ...item, status: 'done', bytesSent: item.size, noteId: event.noteId, error: null };
    case 'pause':
      return { ...item, status: 'paused' };
    case 'retry':
      return { ...item, status: 'waiting', error: null, retryable: true };
    case 'reconnect':
      return item.retryable ? { ...item, status: 'waiting', error: null } : item;
    case 'restart':
      return { ...item, uploadUrl: null, bytesSent: 0 };
  }
}

/** The next item to send: the oldest waiting one. */
export function nextToUpload(items: readonly OutboxItem[]): OutboxItem | undefined {
  return items
    .filter((item) => item.status === 'waiting')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
}

/**
 * Whether leaving the page now would stop something under way: an upload running, or
 * waiting for its turn. Paused and failed items wait for the person, not the page.
 */
export function outboxIsBusy(items: readonly OutboxItem[]): boolean {
  return items.some((item) => item.status === 'uploading' || item.status === 'waiting');
}

/**
 * Whether leaving the page now would stop an upload. Offline nothing is being sent, and what
 * waits is kept in this browser and goes on after a reload, so there is nothing to warn about.
 */
export function leavingStopsUploads(items: readonly OutboxItem[], online: boolean): boolean {
  return online && outboxIsBusy(items);
}

export function uploadPercent(item: Pick<OutboxItem, 'bytesSent' | 'size'>): number {
  if (item.size <= 0) return 0;
  return Math.min(100, Math.floor((item.bytesSent / item.size) * 100));
}

/** What a person reads for the item's state, as a voice note in the pad's list. */
export function outboxStatusLabel(item: OutboxItem, online: boolean): string {
  switch (item.status) {
    case 'waiting':
      return online ? 'Waiting to upload' : 'Waiting to upload (offline)';
    case 'uploading':
      return `Uploading ${uploadPercent(item)} %`;
    case 'paused':
      return 'Upload paused';
    case 'failed':
      return 'Upload failed';
    case 'done':
      return 'Uploaded';
  }
}
