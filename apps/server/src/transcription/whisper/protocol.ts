/** Messages between the whisper engine (parent) and its host process (host.ts). */
export interface WhisperSegmentResult {
  /** Milliseconds from the start of the audio. */
  from: number;
  to: number;
  text: string;
  lang: string;
  tokens: { text: string; id: number; p: number; from: number; to: number }[];
}

export type ToHost =
  | { type: 'load'; modelPath: string }
  | { type: 'transcribe'; id: number; samples: Float32Array; language: string; threads: number };

export type FromHost =
  | { type: 'loaded' }
  | { type: 'load-failed'; message: string }
  | { type: 'segment'; id: number }
  | { type: 'done'; id: number; segments: WhisperSegmentResult[] }
  | { type: 'failed'; id: number; message: string };
