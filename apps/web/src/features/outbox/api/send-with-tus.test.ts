import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../utils/outbox-item.ts';
import { tusMetadata } from './send-with-tus.ts';

const item = (overrides: Partial<OutboxItem> = {}): OutboxItem => ({
  id: 'a',
  ownerId: 'u1',
  padId: 'p1',
  fileName: 'recording.webm',
  mimeType: 'audio/webm',
  size: 3,
  blob: new Blob([new Uint8Array(3)]),
  status: 'waiting',
  uploadUrl: null,
  bytesSent: 0,
  error: null,
  retryable: true,
  noteId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('tus metadata', () => {
  it('sends the speakers the person chose with the upload', () => {
    expect(tusMetadata(item({ speakers: '2' }))).toEqual({
      pad_id: 'p1',
      filename: 'recording.webm',
      filetype: 'audio/webm',
      speakers: '2',
    });
  });

  it('leaves speakers out when the server is to find out', () => {
    expect(tusMetadata(item())).not.toHaveProperty('speakers');
  });
});
