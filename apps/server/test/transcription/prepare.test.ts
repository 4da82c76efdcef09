import { afterAll, describe, expect, it } from 'vitest';
import { AudioDecodeError } from '../../src/transcription/audio/errors.ts';
import { prepareForSpeech } from '../../src/transcription/audio/prepare.ts';
import { decibels, rms, tone } from './support/signals.ts';
import { FixtureDir, read, sox } from './support/speech.ts';
import { ascii, buildWav } from './support/wav-builder.ts';

function failure(bytes: Uint8Array): AudioDecodeError {
  try {
    prepareForSpeech(bytes);
  } catch (error) {
    if (error instanceof AudioDecodeError) return error;
    throw error;
  }
  throw new Error('expected prepareForSpeech to throw');
}

describe('prepareForSpeech', () => {
  const dir = new FixtureDir();
  afterAll(() => dir.remove());

  it('turns a 44.1 kHz stereo recording into 16 kHz mono with its true duration', () => {
    const path = dir.file('stereo.wav');
    sox('-n', '-r', '44100', '-c', '2', '-b', '16', path, 'synth', '2.5', 'sine', '1000', 'vol', '0.5');
    const { samples, durationSeconds } = prepareForSpeech(read(path));
    expect(durationSeconds).toBeCloseTo(2.5, 6);
    expect(samples).toHaveLength(40000);
    expect(decibels(rms(samples, 400) / (0.5 / Math.SQRT2))).toBeCloseTo(0, 1);
  });

  it('treats digital silence as valid audio', () => {
    const path = dir.file('silence.wav');
    // -D: sox would otherwise dither the conversion and add faint noise.
    sox('-D', '-n', '-r', '48000', '-c', '1', '-b', '16', path, 'trim', '0', '2');
    const { samples, durationSeconds } = prepareForSpeech(read(path));
    expect(durationSeconds).toBe(2);
    expect(samples.every((s) => s === 0)).toBe(true);
  });

  it('scales float recordings that exceed full scale instead of clipping them', () => {
    const hot = tone(440, 16000, 0.5, 2);
    const { samples } = prepareForSpeech(buildWav([hot], { encoding: 'float32', sampleRate: 16000 }));
    const peak = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeCloseTo(1, 5);
    expect(samples[100]! / hot[100]!).toBeCloseTo(0.5, 5);
  });

  it.each([
    ['Ogg Vorbis', ascii('OggS\u0000\u0002\u0000\u0000')],
    ['MP3 with ID3 tag', ascii('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000')],
    ['WebM', Uint8Array.of(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81)],
    ['two bytes', Uint8Array.of(1, 2)],
  ])('rejects %s as unsupported_format', (_name, bytes) => {
    const error = failure(bytes);
    expect(error.code).toBe('unsupported_format');
    expect(error.message).toBe('This audio format is not supported yet; upload a WAV file.');
  });

  it('reports an empty upload as empty_audio', () => {
    expect(failure(new Uint8Array(0)).code).toBe('empty_audio');
  });

  it('passes on WAV decoding errors with their code', () => {
    const corrupt = ascii('RIFF\u0024\u0000\u0000\u0000WAVEfmt \u0010\u0000\u0000\u0000');
    expect(failure(corrupt).code).toBe('truncated');
  });
});
