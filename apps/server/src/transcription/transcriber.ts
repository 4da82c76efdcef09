/**
 * The contract every speech engine implements. The job runner hands an engine
 * decoded audio (16 kHz mono float samples) and receives a transcript with
 * word timings, so the player can highlight and seek.
 */
export interface TranscriptWord {
  /** The word as spoken, without engine markers such as "(2)" or fillers like "<sil>". */
  word: string;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  /** 0..1, the engine's posterior probability for this word. */
  confidence: number;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  words: TranscriptWord[];
  /** Who speaks ("S1", "S2", ...), when diarization ran (ADR 0053). */
  speaker?: string;
}

export interface Transcript {
  text: string;
  language: string;
  durationSeconds: number;
  segments: TranscriptSegment[];
}

export interface TranscribeInput {
  /** 16 kHz mono PCM samples in [-1, 1]. */
  samples: Float32Array;
  sampleRate: 16000;
  language?: string;
  /** Called with 0..1 as decoding advances; optional. */
  onProgress?: (fraction: number) => void;
  /**
   * Aborting rejects the promise at once with `signal.reason`; the engine
   * drops the work at its next checkpoint (pocketsphinx: the next utterance).
   */
  signal?: AbortSignal;
}

export interface Transcriber {
  readonly name: string;
  /** The model it decodes with, as recorded with each transcript it makes (e.g. `en-us`, `ggml-base.en.bin`). */
  readonly model: string;
  transcribe(input: TranscribeInput): Promise<Transcript>;
  /** Releases workers and native resources. */
  close(): Promise<void>;
}
