/**
 * Engines that can take 16-bit PCM as decode-speech.ts produces it (in a SharedArrayBuffer,
 * with planned cuts) skip the float copy of the Transcriber interface: for an hour of
 * audio that copy alone is 230 MB. The job runner uses this when an engine offers it.
 */
import type { DecodeModel } from '../personal-model.ts';
import type { Transcriber, Transcript, TranscriptWord } from '../transcriber.ts';
import type { UtteranceRange } from './utterances.ts';
import type { SpeechChunk } from './speech-chunker.ts';
import type { Utterance } from './utterance-endpointer.ts';

/** `model` (ADR 0040): the owner's build, for engines that can use one; stock without it. */
export interface PcmTranscribeInput extends DecodeModel {
  /** 16 kHz mono 16-bit PCM. */
  pcm: Int16Array;
  /**
   * Cuts to decode independently (and in parallel); planned by the engine when absent. An
   * engine that cuts as a live stream does (UtteranceTranscriber) reads them as consecutive
   * pieces of the recording and cuts them again with the utterance endpointer.
   */
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

export interface StreamTranscribeInput extends DecodeModel {
  /**
   * 16 kHz mono chunks in recording order, as the audio decoder streams them
   * (audio-decoder.ts). Each chunk's buffer is handed to a decoding thread and let go.
   */
  chunks: AsyncIterable<SpeechChunk>;
  language?: string;
  /** The total length is known only at the end; until then progress stays below 1. */
  onProgress?: (fraction: number) => void;
  /**
   * The recording's length in 16 kHz samples once the audio decoder knows it (from its header
   * or ffmpeg's probe), for progress; 0 while unknown.
   */
  expectedSamples?: () => number;
  signal?: AbortSignal;
}

/** Engines that transcribe while the recording is still being decoded. */
export interface StreamTranscriber extends PcmTranscriber {
  transcribeStream(input: StreamTranscribeInput): Promise<Transcript>;
}

export function acceptsStream(transcriber: Transcriber): transcriber is StreamTranscriber {
  return 'transcribeStream' in transcriber && typeof transcriber.transcribeStream === 'function';
}

/**
 * Engines that decode a recording in the utterances a live stream is cut into
 * (utterance-endpointer.ts), so a live transcript and the file decode of the same audio match
 * word for word (ADR 0039). A live stream hands its utterances over one by one.
 */
export interface UtteranceTranscriber extends StreamTranscriber {
  /** The words of the utterance itself (not of its context), with times in the recording. */
  transcribeUtterance(
    utterance: Utterance,
    signal?: AbortSignal,
    model?: DecodeModel,
  ): Promise<TranscriptWord[]>;
}

export function acceptsUtterances(transcriber: Transcriber): transcriber is UtteranceTranscriber {
  return 'transcribeUtterance' in transcriber && typeof transcriber.transcribeUtterance === 'function';
}
