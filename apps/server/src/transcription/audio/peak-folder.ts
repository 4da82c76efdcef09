/**
 * Folds 16 kHz PCM, as it passes through the decoder in pieces, into the waveform's peaks
 * (the lowest and highest sample of every bucket), and writes the peaks file that
 * `@voxpad/shared/peaks` describes. Holds one number pair per bucket: 4 hours at 10 per
 * second are 144,000 pairs, 288 KB, whatever the recording's format.
 */
import { PEAKS_HEADER_BYTES, PEAKS_MAGIC, PEAKS_PER_SECOND, PEAKS_VERSION } from '@voxpad/shared/peaks';

import { SPEECH_RATE } from './speech-stream.ts';

const BUCKET_SAMPLES = SPEECH_RATE / PEAKS_PER_SECOND;
/** Grown by this many pairs at a time (one minute), so growth rarely copies. */
const GROW_PAIRS = 60 * PEAKS_PER_SECOND;

export class PeakFolder {
  #pairs = new Int8Array(GROW_PAIRS * 2);
  #count = 0;
  /** The open bucket: samples seen and its extremes so far. */
  #fill = 0;
  #low = 0;
  #high = 0;

  /** 16 kHz mono samples, in recording order. Read only; the caller keeps the array. */
  push(samples: Int16Array): void {
    let fill = this.#fill;
    let low = this.#low;
    let high = this.#high;
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!;
      if (fill === 0) {
        low = s;
        high = s;
      } else if (s < low) low = s;
      else if (s > high) high = s;
      fill++;
      if (fill === BUCKET_SAMPLES) {
        this.#close(low, high);
        fill = 0;
      }
    }
    this.#fill = fill;
    this.#low = low;
    this.#high = high;
  }

  /** The peaks file; a last partial bucket counts as a whole one. */
  finish(): Uint8Array {
    if (this.#fill > 0) this.#close(this.#low, this.#high);
    this.#fill = 0;
    const file = new Uint8Array(PEAKS_HEADER_BYTES + this.#count * 2);
    for (let i = 0; i < 4; i++) file[i] = PEAKS_MAGIC.charCodeAt(i);
    file[4] = PEAKS_VERSION;
    file[6] = PEAKS_PER_SECOND & 0xff;
    file[7] = PEAKS_PER_SECOND >> 8;
    file.set(new Uint8Array(this.#pairs.buffer, 0, this.#count * 2), PEAKS_HEADER_BYTES);
    return file;
  }

  #close(low: number, high: number): void {
    if (this.#count * 2 + 2 > this.#pairs.length) {
      const grown = new Int8Array(this.#pairs.length + GROW_PAIRS * 2);
      grown.set(this.#pairs);
      this.#pairs = grown;
    }
    this.#pairs[this.#count * 2] = toInt8(low);
    this.#pairs[this.#count * 2 + 1] = toInt8(high);
    this.#count++;
  }
}

/** The peaks of a whole recording at once (the non-streamed decode). */
export function foldPeaks(pcm: Int16Array): Uint8Array {
  const folder = new PeakFolder();
  folder.push(pcm);
  return folder.finish();
}

/** 16-bit to ±127, rounding away from zero so a faint sound never reads as silence. */
function toInt8(sample: number): number {
  if (sample === 0) return 0;
  const scaled = sample / 256;
  return Math.max(-127, Math.min(127, sample > 0 ? Math.ceil(scaled) : Math.floor(scaled)));
}
