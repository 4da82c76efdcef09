/**
 * Turns 16 kHz PCM arriving in pieces (SpeechStream's output) into normalised chunks cut
 * at pauses, handed on as soon as they are known, so a long recording is never held whole.
 *
 * Loudness: the gain is measured on the first GAIN_WINDOW_SECONDS (held until then) and
 * applied to everything after, clamped at full scale. A recording no longer than the
 * window is measured whole, normalised and cut exactly as decodeSpeech does, so short
 * notes give the same chunks and transcript as the non-streamed path. If the window is
 * silent the rest passes unchanged and silence is judged over the whole recording.
 *
 * Cuts: once more than 30 s (plus the 150 ms the pause detector looks ahead, with margin)
 * is held, planUtterances picks the first cut among the held samples, which is the cut it
 * would pick on the whole recording (the cursor is always on a 10 ms frame boundary).
 */
import { planUtterances } from './utterances.ts';
import { AudioDecodeError } from './errors.ts';
import { MIN_SOUND_SECONDS, applyGain, normaliseLoudness, soundSamples } from './loudness.ts';
import { SPEECH_RATE } from './speech-stream.ts';

/** Loudness is measured on this much audio from the start. */
export const GAIN_WINDOW_SECONDS = 300;
const MAX_CHUNK_SAMPLES = 30 * SPEECH_RATE;
/** Held beyond the longest chunk before cutting: covers the 300 ms energy smoothing. */
const LOOKAHEAD_SAMPLES = SPEECH_RATE;

export interface SpeechChunk {
  /** 16 kHz mono, in its own ArrayBuffer (transferable). */
  pcm: Int16Array;
  /** Position of the first sample in the recording. */
  start: number;
}

export interface ChunkerResult {
  gainDb: number;
  /** 16 kHz samples in the whole recording. */
  samples: number;
}

export class SpeechChunker {
  readonly #emit: (chunk: SpeechChunk) => void;
  readonly #normalise: boolean;
  readonly #windowSamples: number;
  #buffer = new Int16Array(0);
  #length = 0;
  /** Recording position of `#buffer[0]`. */
  #start = 0;
  /** Decided once the window is full (or at finish). */
  #gainDb: number | undefined;
  /** Set when the window was silent: sound is then counted over everything. */
  #sound: number | undefined;

  constructor(
    emit: (chunk: SpeechChunk) => void,
    {
      normalise = true,
      windowSeconds = GAIN_WINDOW_SECONDS,
    }: { normalise?: boolean; windowSeconds?: number } = {},
  ) {
    this.#emit = emit;
    this.#normalise = normalise;
    this.#windowSamples = Math.max(MAX_CHUNK_SAMPLES, Math.round(windowSeconds * SPEECH_RATE));
  }

  push(samples: Int16Array): void {
    if (samples.length === 0) return;
    if (this.#gainDb !== undefined) this.#adjust(samples);
    this.#append(samples);
    if (this.#gainDb === undefined) {
      if (this.#length < this.#windowSamples) return;
      this.#decideGain(false);
    }
    this.#cut(false);
  }

  finish(): ChunkerResult {
    const samples = this.#start + this.#length;
    if (samples === 0) throw new AudioDecodeError('empty_audio', 'The recording is empty.');
    if (this.#gainDb === undefined) this.#decideGain(true);
    if (this.#sound !== undefined && this.#sound < MIN_SOUND_SECONDS * SPEECH_RATE) throw silentError();
    this.#cut(true);
    return { gainDb: this.#gainDb ?? 0, samples };
  }

  #decideGain(whole: boolean): void {
    const held = this.#buffer.subarray(0, this.#length);
    const { gainDb, silent } = normaliseLoudness(held, SPEECH_RATE, { apply: this.#normalise });
    if (silent && whole) throw silentError();
    this.#gainDb = gainDb;
    if (silent) this.#sound = soundSamples(held, SPEECH_RATE);
  }

  /** Samples after the window: the window's gain, or sound counting if it was silent. */
  #adjust(samples: Int16Array): void {
    if (this.#sound !== undefined) {
      // Frames are counted from the start of each piece; pieces are not frame-aligned, so
      // this is approximate at the seams, which only matters for a near-silent recording.
      this.#sound += soundSamples(samples, SPEECH_RATE);
      return;
    }
    applyGain(samples, this.#gainDb ?? 0);
  }

  #append(samples: Int16Array): void {
    const needed = this.#length + samples.length;
    if (needed > this.#buffer.length) {
      const grown = new Int16Array(Math.max(needed, this.#buffer.length * 2));
      grown.set(this.#buffer.subarray(0, this.#length));
      this.#buffer = grown;
    }
    this.#buffer.set(samples, this.#length);
    this.#length = needed;
  }

  #cut(final: boolean): void {
    while (this.#length >= MAX_CHUNK_SAMPLES + LOOKAHEAD_SAMPLES) {
      const [first] = planUtterances(this.#buffer.subarray(0, this.#length), { sampleRate: SPEECH_RATE });
      this.#take(first!.end);
    }
    if (!final) return;
    const ranges = planUtterances(this.#buffer.subarray(0, this.#length), { sampleRate: SPEECH_RATE });
    const base = this.#start;
    for (const { start, end } of ranges) {
      this.#emit({ pcm: this.#buffer.slice(start, end), start: base + start });
    }
    this.#start += this.#length;
    this.#length = 0;
    this.#buffer = new Int16Array(0);
  }

  /** Emits the first `count` held samples and drops them. */
  #take(count: number): void {
    this.#emit({ pcm: this.#buffer.slice(0, count), start: this.#start });
    this.#buffer.copyWithin(0, count, this.#length);
    this.#length -= count;
    this.#start += count;
  }
}

function silentError(): AudioDecodeError {
  return new AudioDecodeError(
    'silent_audio',
    'The recording is silent: no speech was found. Check that the microphone was on.',
  );
}
