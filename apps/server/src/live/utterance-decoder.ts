/**
 * What decodes a live stream's utterances: incrementally on the stream's own decoder thread
 * (incremental-decoder.ts, pocketsphinx) or utterance by utterance with the process's engine
 * (live-decoder.ts, the other engines, or when no decoder thread is free).
 */
import type { TranscriptWord } from '../transcription/transcriber.ts';
import type { Utterance, UtteranceEndpointer } from '../transcription/audio/utterance-endpointer.ts';

export interface UtteranceDecoderEvents {
  final: (words: TranscriptWord[]) => void;
  partial: (words: TranscriptWord[]) => void;
  /** Audio received but not decoded yet changed (back-pressure). */
  backlog: (samples: number) => void;
  /** Seconds decoding is behind real time, from a decoder that can tell (lag notices). */
  lag?: (seconds: number) => void;
}

export interface UtteranceDecoder {
  /** Audio was pushed to the endpointer; `partials`: the speaker is still talking. */
  pushed(endpointer: UtteranceEndpointer, partials: boolean): void;
  /** The endpointer cut an utterance. */
  final(utterance: Utterance): void;
  /** Resolves with every final word once all audio handed over is decoded; rejects on failure. */
  drain(): Promise<readonly TranscriptWord[]>;
  /** The stream is thrown away. */
  cancel(): void;
}
