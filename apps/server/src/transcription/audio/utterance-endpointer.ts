/**
 * Cuts 16 kHz PCM arriving in pieces into utterances as soon as the speaker pauses, so each can
 * be decoded while the next is being spoken: at the first pause of PAUSE_SECONDS after speech.
 * Unbroken speech is cut at its quietest moment once MAX_SECONDS is held (planUtterances).
 * A live stream and the file decode of a recording (pocketsphinx) cut with this same class,
 * so both decode the same pieces and give the same words (ADR 0039). The speech chunker
 * (speech-chunker.ts) only bounds what a file decode holds in memory.
 *
 * Each utterance comes with the CONTEXT_SECONDS of audio before it (`start` to `from`). It was
 * decoded with the utterance for pocketsphinx's feature normalisation (batch CMN), which a short
 * sentence with its pauses gave too little to; since pauses are left out as the engine's own
 * filter leaves them out (silence-compaction.ts), pocketsphinx decodes the utterance alone, which
 * costs a third less and misses fewer words (ADR 0062). Words in the context belong to the
 * utterance before.
 *
 * Speech is a 10 ms frame louder than the quietest recent frames by SPEECH_OVER_FLOOR_DB (and
 * than ABSOLUTE_FLOOR_DB), so a noisy room does not count as one long utterance.
 */
import { planUtterances } from './utterances.ts';

/** The endpointer takes 16 kHz mono PCM. */
const SAMPLE_RATE = 16000;

const FRAME = SAMPLE_RATE / 100;
const PAUSE_SECONDS = 0.25;
/** Silence kept after the last word of an utterance (the rest starts the next one). */
const TAIL_SECONDS = 0.15;
/** Silence kept before the first word of an utterance; older silence is never decoded. */
const LEAD_SECONDS = 0.3;
const MAX_SECONDS = 20;
const CONTEXT_SECONDS = 1.5;
const SPEECH_OVER_FLOOR_DB = 12;
const ABSOLUTE_FLOOR_DB = -55;
/** How fast the noise floor rises when the room gets louder, per frame. */
const FLOOR_RISE_DB = 0.02;

export interface Utterance {
  /** 16 kHz mono, its own copy: the context, then the utterance. */
  pcm: Int16Array;
  /** Position of the first sample (of the context) in the recording. */
  start: number;
  /** Position where the utterance itself begins; words before it are the context's. */
  from: number;
}

export class UtteranceEndpointer {
  readonly #emit: (utterance: Utterance) => void;
  #buffer = new Int16Array(SAMPLE_RATE * 4);
  #length = 0;
  /** Recording position of `#buffer[0]`. */
  #start = 0;
  /** Held samples already judged, always a whole number of frames. */
  #judged = 0;
  /** Held position just after the last speech frame, or -1 when none is held. */
  #speechEnd = -1;
  #floorDb = -90;
  /** The last CONTEXT_SECONDS before `#buffer[0]`, oldest first. */
  #history = new Int16Array(0);

  constructor(emit: (utterance: Utterance) => void) {
    this.#emit = emit;
  }

  push(samples: Int16Array): void {
    this.#append(samples);
    while (this.#length - this.#judged >= FRAME) {
      const frame = this.#buffer.subarray(this.#judged, this.#judged + FRAME);
      this.#judged += FRAME;
      if (this.#isSpeech(frame)) this.#speechEnd = this.#judged;
      this.#decide();
    }
  }

  /** The utterance being spoken, if it holds speech (for partial results). */
  current(): Utterance | undefined {
    if (this.#speechEnd < 0) return undefined;
    return this.#withContext(this.#length);
  }

  /**
   * The start of the utterance being spoken that is sure to be in it whatever comes next (up to
   * just after its last speech frame), for a decoder fed as the audio comes; a view, valid until
   * the next push. Every cut is at or after it, and it depends only on the audio, not on how the
   * audio was split into pushes.
   */
  committed(): { from: number; pcm: Int16Array } | undefined {
    if (this.#speechEnd < 0) return undefined;
    return { from: this.#start, pcm: this.#buffer.subarray(0, this.#committedLength()) };
  }

  /** The end of the recording: what is held with speech in it becomes the last utterance. */
  flush(): void {
    if (this.#speechEnd >= 0) this.#take(this.#length);
    else this.#drop(this.#length);
  }

  #decide(): void {
    if (this.#speechEnd < 0) {
      // Silence only: keep the last LEAD_SECONDS of it as the next utterance's lead-in.
      const excess = this.#judged - LEAD_SECONDS * SAMPLE_RATE;
      if (excess >= SAMPLE_RATE) this.#drop(excess - (excess % FRAME));
      return;
    }
    if (this.#judged - this.#speechEnd >= PAUSE_SECONDS * SAMPLE_RATE) {
      this.#take(this.#speechEnd + TAIL_SECONDS * SAMPLE_RATE);
      return;
    }
    if (this.#judged >= MAX_SECONDS * SAMPLE_RATE) {
      const held = this.#buffer.subarray(0, this.#judged);
      const [first] = planUtterances(held, { sampleRate: SAMPLE_RATE, maxSeconds: MAX_SECONDS - 1 });
      this.#take(Math.max(first?.end ?? this.#judged, this.#committedLength()));
    }
  }

  #committedLength(): number {
    return Math.min(this.#judged, this.#speechEnd + TAIL_SECONDS * SAMPLE_RATE);
  }

  #isSpeech(frame: Int16Array): boolean {
    let sum = 0;
    for (const s of frame) sum += s * s;
    const db = 10 * Math.log10(sum / frame.length / (32768 * 32768) + 1e-12);
    this.#floorDb = Math.min(db, this.#floorDb + FLOOR_RISE_DB);
    return db > ABSOLUTE_FLOOR_DB && db > this.#floorDb + SPEECH_OVER_FLOOR_DB;
  }

  /** Emits the first `count` held samples as an utterance. */
  #take(count: number): void {
    this.#emit(this.#withContext(count));
    this.#drop(count);
  }

  #withContext(count: number): Utterance {
    const context = this.#history;
    const pcm = new Int16Array(context.length + count);
    pcm.set(context);
    pcm.set(this.#buffer.subarray(0, count), context.length);
    return { pcm, start: this.#start - context.length, from: this.#start };
  }

  #drop(count: number): void {
    const keep = Math.round(CONTEXT_SECONDS * SAMPLE_RATE);
    const dropped = this.#buffer.subarray(Math.max(0, count - keep), count);
    const history = new Int16Array(Math.min(keep, this.#history.length + dropped.length));
    const old = history.length - dropped.length;
    history.set(this.#history.subarray(this.#history.length - old), 0);
    history.set(dropped, old);
    this.#history = history;
    this.#buffer.copyWithin(0, count, this.#length);
    this.#length -= count;
    this.#start += count;
    this.#judged = Math.max(0, this.#judged - count);
    this.#speechEnd = this.#speechEnd > count ? this.#speechEnd - count : -1;
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
}
