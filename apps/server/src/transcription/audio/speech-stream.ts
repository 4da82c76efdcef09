/**
 * Turns decoded audio, fed in blocks of interleaved float frames at the source rate, into
 * 16 kHz mono 16-bit PCM without ever holding the source-rate audio whole: an hour of
 * 48 kHz stereo is 1.4 GB as floats, the 16 kHz result 115 MB.
 *
 * Downmixing and resampling are ours (downmix.ts, resample.ts), so every format goes
 * through the same anti-aliasing filter. The resampler works on whole buffers; it is run
 * over windows of the input that overlap by more than the filter's reach and start at
 * input positions that map to whole output samples, so the stitched output is the same
 * as resampling the whole recording at once.
 */
import { AudioDecodeError } from './errors.ts';
import { resample } from './resample.ts';

export const SPEECH_RATE = 16000;
/** Output is collected in blocks of one minute, so growth never copies what came before. */
const BLOCK_SAMPLES = SPEECH_RATE * 60;

export interface SpeechStreamOptions {
  sampleRate: number;
  channels: number;
  maxDurationSeconds: number;
  /**
   * Receives the 16 kHz output as it is produced instead of it being collected for
   * finish() (which then returns an empty array). The array is the receiver's to keep.
   */
  onSamples?: (samples: Int16Array) => void;
}

export class SpeechStream {
  readonly #rate: number;
  readonly #channels: number;
  readonly #maxFrames: number;
  /** Input positions that map to whole output samples are multiples of this. */
  readonly #step: number;
  readonly #context: number;
  readonly #window: number;
  /** Mono input not yet resampled; `#pending[0]` is input frame `#pendingStart`. */
  #pending = new Float32Array(0);
  #pendingLength = 0;
  #pendingStart = 0;
  /** First input frame whose output has not been emitted. */
  #emitted = 0;
  #frames = 0;
  readonly #blocks: Int16Array[] = [];
  #blockFill = 0;
  #outLength = 0;
  readonly #onSamples: ((samples: Int16Array) => void) | undefined;

  constructor({ sampleRate, channels, maxDurationSeconds, onSamples }: SpeechStreamOptions) {
    if (!Number.isSafeInteger(sampleRate) || sampleRate <= 0 || channels < 1) {
      throw new AudioDecodeError('corrupt', 'The recording’s format description is damaged.');
    }
    this.#rate = sampleRate;
    this.#onSamples = onSamples;
    this.#channels = channels;
    this.#maxFrames = Math.ceil(maxDurationSeconds * sampleRate);
    this.#step = sampleRate / gcd(sampleRate, SPEECH_RATE);
    // The filter reaches about 80 × (rate ratio) input samples each side; keep ample margin.
    const reach = Math.max(1024, Math.ceil((400 * sampleRate) / Math.min(sampleRate, SPEECH_RATE)));
    this.#context = roundUp(reach, this.#step);
    this.#window = roundUp(sampleRate * 10, this.#step);
  }

  /** Frames of source audio seen so far. */
  get frames(): number {
    return this.#frames;
  }

  get durationSeconds(): number {
    return this.#frames / this.#rate;
  }

  /** Interleaved float frames; a trailing partial frame is the caller's to keep. */
  write(interleaved: Float32Array): void {
    const channels = this.#channels;
    const frames = Math.floor(interleaved.length / channels);
    if (frames === 0) return;
    if (this.#frames + frames > this.#maxFrames) throw tooLong(this.#maxFrames / this.#rate);
    this.#frames += frames;
    const mono = this.#reserve(frames);
    let at = this.#pendingLength;
    if (channels === 1) {
      for (let i = 0; i < frames; i++) mono[at++] = clean(interleaved[i]!);
    } else {
      // Averaging: speech recorded on one side only survives.
      const scale = 1 / channels;
      for (let f = 0, i = 0; f < frames; f++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += clean(interleaved[i++]!);
        mono[at++] = sum * scale;
      }
    }
    this.#pendingLength = at;
    this.#drain(false);
  }

  /** Writes whole channel arrays (a decoded WAV), block by block. */
  writeChannels(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    const block = 65536;
    const interleaved = new Float32Array(block * channels.length);
    for (let from = 0; from < length; from += block) {
      const n = Math.min(block, length - from);
      for (let c = 0; c < channels.length; c++) {
        const channel = channels[c]!;
        for (let i = 0; i < n; i++) interleaved[i * channels.length + c] = channel[from + i]!;
      }
      this.write(interleaved.subarray(0, n * channels.length));
    }
  }

  /**
   * Resamples what is left and returns the whole recording at 16 kHz, in a
   * SharedArrayBuffer so other threads can read it without a copy. Blocks are let go as
   * they are copied, so the peak stays near one copy of the result.
   */
  finish(): Int16Array {
    this.#drain(true);
    const out = new Int16Array(new SharedArrayBuffer(this.#outLength * Int16Array.BYTES_PER_ELEMENT));
    let at = 0;
    while (this.#blocks.length > 0) {
      const block = this.#blocks.shift()!;
      const n = Math.min(block.length, this.#outLength - at);
      out.set(block.subarray(0, n), at);
      at += n;
    }
    return out;
  }

  #reserve(frames: number): Float32Array {
    const needed = this.#pendingLength + frames;
    if (needed > this.#pending.length) {
      const grown = new Float32Array(Math.max(needed, this.#pending.length * 2, this.#window * 2));
      grown.set(this.#pending.subarray(0, this.#pendingLength));
      this.#pending = grown;
    }
    return this.#pending;
  }

  #drain(final: boolean): void {
    const context = this.#context;
    const end = this.#pendingStart + this.#pendingLength;
    for (;;) {
      const from = this.#emitted;
      let to: number;
      if (final) to = end;
      else if (end - from >= this.#window + context) to = from + this.#window;
      else return;
      if (to <= from) return;
      const windowStart = Math.max(0, from - context);
      const windowEnd = final ? end : Math.min(end, to + context);
      const input = this.#pending.subarray(windowStart - this.#pendingStart, windowEnd - this.#pendingStart);
      const output = this.#rate === SPEECH_RATE ? input : resample(input, this.#rate, SPEECH_RATE);
      const skip = ((from - windowStart) * SPEECH_RATE) / this.#rate;
      const take = final ? output.length - skip : ((to - from) * SPEECH_RATE) / this.#rate;
      this.#push(output.subarray(skip, skip + take));
      this.#emitted = to;
      // Keep only the left context of the next window.
      const keepFrom = Math.max(this.#pendingStart, to - context);
      if (keepFrom > this.#pendingStart) {
        this.#pending.copyWithin(0, keepFrom - this.#pendingStart, this.#pendingLength);
        this.#pendingLength -= keepFrom - this.#pendingStart;
        this.#pendingStart = keepFrom;
      }
      if (final) return;
    }
  }

  #push(samples: Float32Array): void {
    if (this.#onSamples) {
      const out = new Int16Array(samples.length);
      for (let k = 0; k < samples.length; k++) out[k] = toInt16(samples[k]!);
      this.#onSamples(out);
      return;
    }
    let i = 0;
    while (i < samples.length) {
      let block = this.#blocks.at(-1);
      if (!block || this.#blockFill === block.length) {
        block = new Int16Array(BLOCK_SAMPLES);
        this.#blocks.push(block);
        this.#blockFill = 0;
      }
      const n = Math.min(samples.length - i, block.length - this.#blockFill);
      for (let k = 0; k < n; k++) {
        block[this.#blockFill + k] = toInt16(samples[i + k]!);
      }
      this.#blockFill += n;
      this.#outLength += n;
      i += n;
    }
  }
}

export function tooLong(maxSeconds: number): AudioDecodeError {
  return new AudioDecodeError(
    'too_long',
    `The recording is longer than ${durationText(maxSeconds)}, the longest this server transcribes.`,
  );
}

function durationText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

function toInt16(s: number): number {
  return s >= 1 ? 32767 : s <= -1 ? -32768 : Math.round(s * 32767);
}

/** NaN or Infinity would poison every filter downstream. */
function clean(x: number): number {
  return Number.isFinite(x) ? x : 0;
}

function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}
