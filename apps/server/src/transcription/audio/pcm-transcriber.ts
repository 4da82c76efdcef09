/**
 * Engines that can take 16-bit PCM as decode-speech.ts produces it (in a SharedArrayBuffer,
 * with planned cuts) skip the float copy of the Transcriber interface: for an hour of
 * audio that copy alone is 230 MB. The job runner uses this when an engine offers it.
 */
import type { Transcriber, Transcript } from '../transcriber.ts';
import type { UtteranceRange } from '../pocketsphinx/utterances.ts';

export interface PcmTranscribeInput {
  /** 16 kHz mono 16-bit PCM. */
  pcm: Int16Array;
  /** Cuts to decode independently (and in parallel); planned by the engine when absent. */
  chunks?: readonly UtteranceRange[];
  language?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface PcmTranscriber extends Transcriber {
  transcribePcm(input: PcmTranscribeInput): Promise<Transcript>;
}

export function acceptsPcm(transcriber: Transcriber): transcriber is PcmTranscriber {
  return 'transcribePcm' in transcriber && typeof transcriber.transcribePcm === 'function';
}
