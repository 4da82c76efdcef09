/**
 * The speech-frame classifier (our reading of pocketsphinx's voice-activity filter) on real
 * speech: flite sentences, made softer, padded with pauses and laid over steady noise.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { floatToInt16 } from '../../src/transcription/audio/pcm.ts';
import { compactSilence } from '../../src/transcription/pocketsphinx/silence-compaction.ts';
import { speechFrames } from '../../src/transcription/pocketsphinx/speech-frames.ts';
import { SENTENCES, load } from './support/speech-fixtures.ts';
import { FixtureDir, speak } from './support/speech.ts';

const RATE = 16000;
const FRAME = 160;
const dir = new FixtureDir();
afterAll(() => dir.remove());

function sentence(index: number): Int16Array {
  return floatToInt16(load(speak(SENTENCES[index]!.text, dir.file(`sentence-${index}.wav`))).samples);
}

function scaled(pcm: Int16Array, db: number): Int16Array {
  const gain = 10 ** (db / 20);
  return pcm.map((s) => Math.round(s * gain));
}

function concat(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const pause = (seconds: number): Int16Array => new Int16Array(Math.round(seconds * RATE));

/** Adds white noise at `db` dBFS RMS (a repeatable generator). */
function withNoise(pcm: Int16Array, db: number): Int16Array {
  let seed = 7;
  const amplitude = Math.sqrt(12) * 10 ** (db / 20) * 32767;
  return pcm.map((s) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return Math.max(-32768, Math.min(32767, Math.round(s + amplitude * (seed / 0x7fffffff - 0.5))));
  });
}

/** Frames of `pcm` whose level is within `range` dB of its loudest frame: its speech. */
function loudFrames(pcm: Int16Array, range: number): number[] {
  const levels: number[] = [];
  for (let f = 0; f * FRAME < pcm.length; f++) {
    let sum = 0;
    const part = pcm.subarray(f * FRAME, (f + 1) * FRAME);
    for (const s of part) sum += s * s;
    levels.push(10 * Math.log10(sum / part.length + 1e-9));
  }
  const peak = Math.max(...levels);
  return levels.flatMap((level, f) => (level >= peak - range ? [f] : []));
}

const count = (flags: Uint8Array): number => flags.reduce((n, x) => n + x, 0);

describe('speechFrames', () => {
  it('counts steady noise as silence', () => {
    expect(count(speechFrames(withNoise(pause(5), -50)))).toBe(0);
    // A hum under the noise: steady too.
    const hum = pause(5).map((_, i) => Math.round(0.004 * 32767 * Math.sin((2 * Math.PI * 100 * i) / RATE)));
    expect(count(speechFrames(withNoise(hum, -55)))).toBe(0);
  });

  it('keeps speech in steady noise, and drops the noise past the margins', () => {
    const speech = sentence(0);
    const pcm = withNoise(concat(pause(2), speech, pause(4)), -50);
    const flags = speechFrames(pcm);
    const start = (2 * RATE) / FRAME;
    for (const f of loudFrames(speech, 30)) expect(flags[start + f]).toBe(1);
    // Nothing before the speech's margin, nothing 0.6 s after its end.
    expect(count(flags.subarray(0, start - 30))).toBe(0);
    expect(count(flags.subarray(start + speech.length / FRAME + 60))).toBe(0);
  });

  it('never drops soft speech, even right after loud speech', () => {
    const loud = sentence(1);
    for (const db of [-25, -35]) {
      const soft = scaled(loud, db);
      const flags = speechFrames(concat(loud, pause(0.3), soft, pause(1)));
      const start = (loud.length + 0.3 * RATE) / FRAME;
      for (const f of loudFrames(soft, 30))
        expect(flags[Math.floor(start) + f], `${db} dB, frame ${f}`).toBe(1);
    }
  });
});

describe('compactSilence on speech', () => {
  it('places speech after a long pause at its true time', () => {
    const first = sentence(0);
    const second = sentence(1);
    const gap = 5;
    const pcm = withNoise(concat(first, pause(gap), second), -50);
    const compacted = compactSilence(pcm, RATE);
    // The pause is cut down to the margins (about 0.6 s).
    expect(pcm.length - compacted.pcm.length).toBeGreaterThan((gap - 0.8) * RATE);
    // The second sentence, from 0.1 s before its first sound, is kept whole at its own time.
    const tail = second.length - loudFrames(second, 30)[0]! * FRAME + 0.1 * RATE;
    const at = compacted.pcm.length - tail;
    expect(compacted.pcm.subarray(at)).toEqual(pcm.subarray(pcm.length - tail));
    expect(compacted.toOriginal(at / RATE)).toBeCloseTo((pcm.length - tail) / RATE, 6);
    expect(compacted.toOriginal(compacted.pcm.length / RATE, true)).toBeCloseTo(pcm.length / RATE, 6);
    // Within the first sentence times keep their distances.
    expect(compacted.toOriginal(1) - compacted.toOriginal(0.5)).toBeCloseTo(0.5, 6);
  });
});
