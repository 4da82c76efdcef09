import { describe, expect, it } from 'vitest';
import { resample } from '../../src/transcription/audio/resample.ts';
import { decibels, rms, tone } from './support/signals.ts';

const TARGET = 16000;
/** Filters need a few hundred samples to settle at the ends. */
const EDGE = 400;

describe('resample to 16 kHz', () => {
  it.each([8000, 11025, 22050, 44100, 48000, 96000])('from %i Hz keeps a 1 kHz tone intact', (rate) => {
    const input = tone(1000, rate, 1);
    const output = resample(input, rate, TARGET);
    expect(output).toHaveLength(Math.ceil((input.length * TARGET) / rate));
    // Level within 0.05 dB, and the waveform matches a tone generated at
    // 16 kHz sample for sample: right frequency, no delay.
    expect(Math.abs(decibels(rms(output, EDGE) / rms(input, EDGE)))).toBeLessThan(0.05);
    const ideal = tone(1000, TARGET, output.length / TARGET);
    let worst = 0;
    for (let i = EDGE; i < output.length - EDGE; i++)
      worst = Math.max(worst, Math.abs(output[i]! - ideal[i]!));
    expect(worst).toBeLessThan(1e-3);
  });

  it.each([
    [22050, 9000],
    [44100, 8100],
    [44100, 12000],
    [44100, 20000],
    [48000, 8500],
    [48000, 15000],
    [96000, 30000],
  ])('from %i Hz suppresses a %i Hz tone above the new Nyquist by at least 75 dB', (rate, frequency) => {
    const input = tone(frequency, rate, 1);
    const output = resample(input, rate, TARGET);
    expect(decibels(rms(output, EDGE) / rms(input, EDGE))).toBeLessThan(-75);
  });

  it.each([44100, 48000])('from %i Hz attenuates a 7.9 kHz tone right under Nyquist', (rate) => {
    // 7–8 kHz is the transition band: nothing there matters to the recogniser
    // (its filterbank stops at 6.8 kHz), and this keeps 8+ kHz from aliasing.
    const output = resample(tone(7900, rate, 1), rate, TARGET);
    expect(decibels(rms(output, EDGE) / rms(tone(7900, rate, 1), EDGE))).toBeLessThan(-30);
  });

  it('keeps the passband flat up to 6.8 kHz, the top of the recogniser’s filterbank', () => {
    for (const frequency of [100, 3000, 6000, 6800]) {
      const input = tone(frequency, 48000, 1);
      const gain = decibels(rms(resample(input, 48000, TARGET), EDGE) / rms(input, EDGE));
      expect(Math.abs(gain), `${frequency} Hz`).toBeLessThan(0.1);
    }
  });

  it('from 8 kHz does not create images above the original band', () => {
    // Upsampling 3 kHz from 8 kHz naively also produces 5 kHz (8 − 3).
    const output = resample(tone(3000, 8000, 1), 8000, TARGET);
    const ideal = tone(3000, TARGET, output.length / TARGET);
    const residual = output.map((s, i) => s - ideal[i]!);
    expect(decibels(rms(residual, EDGE) / rms(ideal, EDGE))).toBeLessThan(-60);
  });

  it('handles rates without a small common factor (44 056 Hz)', () => {
    const input = tone(1000, 44056, 1);
    const output = resample(input, 44056, TARGET);
    expect(output).toHaveLength(Math.ceil((44056 * TARGET) / 44056));
    expect(Math.abs(decibels(rms(output, EDGE) / rms(input, EDGE)))).toBeLessThan(0.05);
  });

  it('keeps the length exact over an hour-scale stretch (no drift)', () => {
    const length = 44100 * 60 * 5 + 17;
    const output = resample(new Float32Array(length), 44100, TARGET);
    expect(output).toHaveLength(Math.ceil((length * TARGET) / 44100));
  });

  it('passes 16 kHz through untouched', () => {
    const input = tone(440, TARGET, 0.1);
    expect(resample(input, TARGET, TARGET)).toBe(input);
  });

  it('returns an empty array for empty input and rejects invalid rates', () => {
    expect(resample(new Float32Array(0), 44100, TARGET)).toHaveLength(0);
    expect(() => resample(new Float32Array(4), 0, TARGET)).toThrow(RangeError);
    expect(() => resample(new Float32Array(4), 44100.5, TARGET)).toThrow(RangeError);
  });
});
