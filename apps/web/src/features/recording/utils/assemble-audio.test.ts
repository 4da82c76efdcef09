import { describe, expect, it } from 'vitest';
import { WAV_HEADER_BYTES } from '../../../lib/audio/encode-wav.ts';
import { assembleAudio } from './assemble-audio.ts';

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });

describe('assembleAudio', () => {
  it('joins compressed pieces as they are: one stream, in order', async () => {
    const audio = assembleAudio([new Blob([new Uint8Array([1, 2])]), new Blob([new Uint8Array([3])])], {
      format: 'compressed',
      mimeType: 'audio/webm',
      sampleRate: null,
    });
    expect(audio.type).toBe('audio/webm');
    expect(Array.from(await bytesOf(audio))).toEqual([1, 2, 3]);
  });

  it('puts a WAV header naming the total length of PCM pieces in front of them', async () => {
    const pieces = [new Blob([new Int16Array([1, 2]).buffer]), new Blob([new Int16Array([3]).buffer])];
    const audio = assembleAudio(pieces, { format: 'pcm', mimeType: 'audio/wav', sampleRate: 16_000 });
    const bytes = await bytesOf(audio);
    const view = new DataView(bytes.buffer);
    expect(audio.type).toBe('audio/wav');
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 6);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('RIFF');
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(40, true)).toBe(6);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([1, 2, 3]);
  });
});
