import { describe, expect, it } from 'vitest';
import {
  applyOutboxEvent,
  nextToUpload,
  outboxIsBusy,
  outboxStatusLabel,
  uploadPercent,
  type OutboxItem,
  type OutboxStatus,
} from './outbox-item.ts';

function item(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: 'a',
    ownerId: 'u1',
    padId: 'p1',
    fileName: 'recording.webm',
    mimeType: 'audio/webm',
    size: 1000,
    blob: new Blob([new Uint8Array(1000)]),
    status: 'waiting',
    uploadUrl: null,
    bytesSent: 0,
    error: null,
    retryable: true,
    noteId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const STATUSES: OutboxStatus[] = ['waiting', 'uploading', 'paused', 'failed', 'done'];

describe('the outbox state machine', () => {
  it('sends a waiting item, keeps its upload address and progress, and finishes with the note id', () => {
    let current = applyOutboxEvent(item(), { type: 'start' });
    expect(current.status).toBe('uploading');
    current = applyOutboxEvent(current, { type: 'url', uploadUrl: 'http://x/api/v1/uploads/1' });
    current = applyOutboxEvent(current, { type: 'progress', bytesSent: 420 });
    expect(current).toMatchObject({ uploadUrl: 'http://x/api/v1/uploads/1', bytesSent: 420 });
    expect(outboxStatusLabel(current, true)).toBe('Uploading 42 %');
    current = applyOutboxEvent(current, { type: 'complete', noteId: 'n1' });
    expect(current).toMatchObject({ status: 'done', noteId: 'n1', bytesSent: 1000 });
  });

  it('keeps the upload address and offset when the connection drops, so sending resumes', () => {
    const uploading = item({ status: 'uploading', uploadUrl: 'u', bytesSent: 600 });
    const interrupted = applyOutboxEvent(uploading, { type: 'interrupt' });
    expect(interrupted).toMatchObject({ status: 'waiting', uploadUrl: 'u', bytesSent: 600 });
    expect(outboxStatusLabel(interrupted, false)).toBe('Waiting to upload (offline)');
    expect(outboxStatusLabel(interrupted, true)).toBe('Waiting to upload');
  });

  it('starts over from the first byte when the server forgot the upload', () => {
    const restarted = applyOutboxEvent(item({ status: 'uploading', uploadUrl: 'u', bytesSent: 600 }), {
      type: 'restart',
    });
    expect(restarted).toMatchObject({ uploadUrl: null, bytesSent: 0, status: 'uploading' });
  });

  it('pauses waiting, uploading and failed items, and resumes them only when asked', () => {
    for (const status of ['waiting', 'uploading', 'failed'] as const) {
      expect(applyOutboxEvent(item({ status }), { type: 'pause' }).status).toBe('paused');
    }
    const paused = item({ status: 'paused' });
    // Coming back online does not resume what the person paused.
    expect(applyOutboxEvent(paused, { type: 'reconnect' })).toBe(paused);
    expect(applyOutboxEvent(paused, { type: 'start' })).toBe(paused);
    expect(applyOutboxEvent(paused, { type: 'retry' }).status).toBe('waiting');
  });

  it('retries a failure that may pass when back online, but not a refused file', () => {
    const transient = item({ status: 'failed', error: 'Server busy', retryable: true });
    expect(applyOutboxEvent(transient, { type: 'reconnect' })).toMatchObject({
      status: 'waiting',
      error: null,
    });
    const refused = item({ status: 'failed', error: 'Not audio', retryable: false });
    expect(applyOutboxEvent(refused, { type: 'reconnect' })).toBe(refused);
    expect(outboxStatusLabel(refused, true)).toBe('Upload failed');
  });

  it('records why an upload failed', () => {
    const failed = applyOutboxEvent(item({ status: 'uploading' }), {
      type: 'fail',
      error: 'The recording is larger than the server accepts.',
      retryable: false,
    });
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The recording is larger than the server accepts.',
      retryable: false,
    });
  });

  it('ignores events that do not fit the status (a late progress report after a pause, a second completion)', () => {
    const paused = item({ status: 'paused', bytesSent: 100 });
    expect(applyOutboxEvent(paused, { type: 'progress', bytesSent: 900 })).toBe(paused);
    expect(applyOutboxEvent(paused, { type: 'complete', noteId: 'n' })).toBe(paused);
    const done = item({ status: 'done' });
    for (const type of ['start', 'pause', 'retry', 'interrupt', 'reconnect'] as const) {
      expect(applyOutboxEvent(done, { type })).toBe(done);
    }
  });

  it('never counts progress beyond the file or below zero', () => {
    const uploading = item({ status: 'uploading' });
    expect(applyOutboxEvent(uploading, { type: 'progress', bytesSent: 5000 }).bytesSent).toBe(1000);
    expect(applyOutboxEvent(uploading, { type: 'progress', bytesSent: -5 }).bytesSent).toBe(0);
    expect(uploadPercent({ bytesSent: 999, size: 1000 })).toBe(99);
    expect(uploadPercent({ bytesSent: 0, size: 0 })).toBe(0);
  });

  it('sends the oldest waiting item first and skips the others', () => {
    const items = [
      item({ id: 'paused', status: 'paused', createdAt: '2026-01-01T00:00:00.000Z' }),
      item({ id: 'newer', createdAt: '2026-01-03T00:00:00.000Z' }),
      item({ id: 'older', createdAt: '2026-01-02T00:00:00.000Z' }),
      item({ id: 'failed', status: 'failed', createdAt: '2026-01-01T00:00:00.000Z' }),
    ];
    expect(nextToUpload(items)?.id).toBe('older');
    expect(nextToUpload(items.filter((candidate) => candidate.status !== 'waiting'))).toBeUndefined();
  });

  it('is busy while something uploads or waits its turn, not for paused or failed items', () => {
    for (const status of STATUSES) {
      expect(outboxIsBusy([item({ status })])).toBe(status === 'waiting' || status === 'uploading');
    }
    expect(outboxIsBusy([])).toBe(false);
  });
});
