import { describe, expect, it } from 'vitest';
import { readWavHeader, decodeWav } from '../../src/transcription/audio/wav.ts';
import { encodePcmWav, encodeWav, wavHeader } from '../../src/transcription/audio/wav-writer.ts';
import { tone } from './support/signals.ts';

describe('the WAV writer, read back by the WAV reader', () => {
  it('writes float samples as 16-bit PCM that reads back within one step', () => {
    const samples = tone(440, 16000, 0.25, 0.8);
    const bytes = encodeWav(samples, 16000);
    expect(bytes).toHaveLength(44 + samples.length * 2);
    const audio = decodeWav(bytes);
    expect(audio.sampleRate).toBe(16000);
    expect(audio.channels).toHaveLength(1);
    const read = audio.channels[0]!;
    expect(read).toHaveLength(samples.length);
    for (let i = 0; i < samples.length; i++) expect(Math.abs(read[i]! - samples[i]!)).toBeLessThan(2 / 32767);
  });

  it('clips samples beyond full scale instead of wrapping them', () => {
    const audio = decodeWav(encodeWav(Float32Array.of(1.5, -1.5), 8000));
    expect(Array.from(audio.channels[0]!)).toEqual([32767 / 32768, -1]);
  });

  it('writes 16-bit PCM unchanged', () => {
    const pcm = Int16Array.of(0, 1, -1, 32767, -32768, 1234);
    const audio = decodeWav(encodePcmWav(pcm, 22050));
    expect(audio.sampleRate).toBe(22050);
    expect(Array.from(audio.channels[0]!, (s) => Math.round(s * 32768))).toEqual(Array.from(pcm));
  });

  it('writes a header that states the sample rate, byte rate and data size', () => {
    const header = readWavHeader(wavHeader(32000, 16000));
    expect(header).toMatchObject({
      sampleRate: 16000,
      channels: 1,
      byteRate: 32000,
      dataOffset: 44,
      dataBytes: 32000,
    });
  });
});
