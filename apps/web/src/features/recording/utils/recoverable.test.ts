import { describe, expect, it } from 'vitest';
import type { StoredRecording } from '../storage/recording-store.ts';
import { describeRecovered, recoverableRecordings, STALE_AFTER_MS } from './recoverable.ts';

const NOW = 1_700_000_000_000;

function saved(id: string, overrides: Partial<StoredRecording> = {}): StoredRecording {
  return {
    id,
    padId: 'pad',
    padName: 'Pad',
    startedAt: NOW - 60_000,
    format: 'compressed',
    mimeType: 'audio/webm',
    fileName: 'recording.webm',
    sampleRate: null,
    elapsedSeconds: 12,
    bytes: 48_000,
    chunkCount: 6,
    updatedAt: NOW - 1_000,
    finished: false,
    ...overrides,
  };
}

describe('recoverableRecordings', () => {
  it('offers what no live tab is recording, oldest first', () => {
    const list = [
      saved('b', { startedAt: NOW - 10_000 }),
      saved('live'),
      saved('a', { startedAt: NOW - 90_000 }),
    ];
    const offered = recoverableRecordings(list, new Set(['live']), new Set(), NOW);
    expect(offered.map((recording) => recording.id)).toEqual(['a', 'b']);
  });

  it('never offers this tab its own recording', () => {
    expect(recoverableRecordings([saved('mine')], new Set(), new Set(['mine']), NOW)).toEqual([]);
  });

  it('without Web Locks, waits until a recording has gone quiet (or was finished)', () => {
    const list = [
      saved('fresh'),
      saved('quiet', { updatedAt: NOW - STALE_AFTER_MS }),
      saved('finished', { finished: true }),
    ];
    expect(
      recoverableRecordings(list, null, new Set(), NOW)
        .map((recording) => recording.id)
        .sort(),
    ).toEqual(['finished', 'quiet']);
  });
});

describe('describeRecovered', () => {
  it('says how long the recovered audio is', () => {
    expect(describeRecovered(saved('a', { elapsedSeconds: 754.2 }))).toBe('Recovered recording, 12:34 long');
  });

  it('counts WAV audio from its bytes, exactly', () => {
    const pcm = saved('a', { format: 'pcm', sampleRate: 16_000, bytes: 16_000 * 2 * 75, elapsedSeconds: 80 });
    expect(describeRecovered(pcm)).toBe('Recovered recording, 1:15 long');
  });
});
