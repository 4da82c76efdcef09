import { describe, expect, it } from 'vitest';
import { encodeWav, encodeWavBuffer, floatTo16BitPcm, WAV_HEADER_BYTES, wavHeader } from './encode-wav.ts';

function ascii(view: DataView, offset: number, length: number): string {
  return String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)));
}

/** Reads a WAV header back the way a decoder would. */
function parseWav(buffer: ArrayBuffer) {
  const view = new DataView(buffer);
  return {
    riff: ascii(view, 0, 4),
    riffSize: view.getUint32(4, true),
    wave: ascii(view, 8, 4),
    fmt: ascii(view, 12, 4),
    fmtSize: view.getUint32(16, true),
    audioFormat: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bitsPerSample: view.getUint16(34, true),
    data: ascii(view, 36, 4),
    dataSize: view.getUint32(40, true),
    samples: Array.from({ length: (buffer.byteLength - WAV_HEADER_BYTES) / 2 }, (_, index) =>
      view.getInt16(WAV_HEADER_BYTES + index * 2, true),
    ),
  };
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it the way older browsers do. */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('encodeWav', () => {
  it('writes a 16-bit PCM mono header that parses back', () => {
    const pcm = floatTo16BitPcm(new Float32Array([0, 0.5, -0.5, 1, -1]));
    const header = parseWav(encodeWavBuffer([pcm], 16_000));
    expect(header).toEqual({
      riff: 'RIFF',
      riffSize: 36 + 10,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      audioFormat: 1,
      channels: 1,
      sampleRate: 16_000,
      byteRate: 32_000,
      blockAlign: 2,
      bitsPerSample: 16,
      data: 'data',
      dataSize: 10,
      samples: [0, 16384, -16384, 32767, -32768],
    });
  });

  it('joins chunks in order and keeps the declared sizes in step with the data', () => {
    const buffer = encodeWavBuffer([new Int16Array([1, 2]), new Int16Array([]), new Int16Array([3])], 48_000);
    const header = parseWav(buffer);
    expect(buffer.byteLength).toBe(WAV_HEADER_BYTES + 6);
    expect(header.riffSize).toBe(buffer.byteLength - 8);
    expect(header.dataSize).toBe(6);
    expect(header.byteRate).toBe(96_000);
    expect(header.samples).toEqual([1, 2, 3]);
  });

  it('produces an audio/wav blob (an empty recording is just the header)', async () => {
    const blob = encodeWav([], 16_000);
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(WAV_HEADER_BYTES);
    expect(parseWav(await readBlob(blob)).dataSize).toBe(0);
  });

  it('clamps out-of-range floats', () => {
    expect(Array.from(floatTo16BitPcm(new Float32Array([2, -2, Number.NaN])))).toEqual([32767, -32768, 0]);
  });

  it('refuses an invalid sample rate', () => {
    expect(() => encodeWavBuffer([], 0)).toThrow(RangeError);
    expect(() => encodeWavBuffer([], 44_100.5)).toThrow(RangeError);
  });
});

describe('wavHeader', () => {
  it('is the header encodeWavBuffer writes, so a recording saved in pieces gets the same file', () => {
    const whole = new Uint8Array(encodeWavBuffer([new Int16Array([1, -2, 3])], 16_000));
    const header = new Uint8Array(wavHeader(16_000, 6));
    expect(Array.from(header)).toEqual(Array.from(whole.subarray(0, WAV_HEADER_BYTES)));
  });
});
