/**
 * A stored recording (any accepted format) → transcript, through the audio decoder
 * (audio-decoder.ts) and whichever input the engine takes best: chunks while decoding,
 * whole 16-bit PCM, or float samples. The job runner and the OpenAI-compatible endpoint
 * both transcribe this way.
 */
import type { DecodeModel } from '../personal-model.ts';
import type { SpeakerCount } from '../speakers/clustering.ts';
import { printsById, withSpeakers } from '../speakers/speaker-segments.ts';
import type { VoicePrint } from '../speakers/voiceprint.ts';
import type { Transcriber, Transcript } from '../transcriber.ts';
import { type AudioSource, type DecodeAudio, type OnDuration, hasStream } from './audio-decoder.ts';
import { int16ToFloat } from './pcm.ts';
import { acceptsPcm, acceptsStream } from './pcm-transcriber.ts';

export interface TranscribeRecordingInput {
  decodeAudio: DecodeAudio;
  transcriber: Transcriber;
  /** The recording as uploaded (may be transferred to the decoding thread), or its file. */
  bytes: AudioSource;
  language?: string | undefined;
  onProgress?: (fraction: number) => void;
  /** Stops decoding (ffmpeg is killed) and the engine. */
  signal?: AbortSignal;
  /** The recording's length as soon as the decoder knows it, even if something then fails. */
  onDuration?: OnDuration;
  /** The owner's build, for engines that can use one (ADR 0040). */
  model?: DecodeModel;
  /**
   * Who spoke when is found by the decoding thread and each segment given its speaker
   * (ADR 0053): "auto" or how many people speak. Absent: segments carry no speaker. 1: no
   * speaker is told apart, but the print of the whole note's voice comes back (ADR 0058).
   */
  speakers?: SpeakerCount | undefined;
}

export interface TranscribedRecording {
  transcript: Transcript;
  durationSeconds: number;
  /** The waveform's peaks file, folded while decoding (peak-folder.ts). */
  peaks?: Uint8Array;
  /** Each speaker's voiceprint by speaker id ("S1" alone for a one-voice note); ADR 0058. */
  speakerPrints?: Record<string, VoicePrint>;
}

export async function transcribeRecording(input: TranscribeRecordingInput): Promise<TranscribedRecording> {
  const { decodeAudio, transcriber, bytes, signal, onDuration } = input;
  const extras = input.speakers === undefined ? {} : { speakers: input.speakers };
  const common = {
    ...(input.language ? { language: input.language } : {}),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    ...(signal ? { signal } : {}),
    ...input.model,
  };

  if (hasStream(decodeAudio) && acceptsStream(transcriber)) {
    // Transcribe while decoding, chunk by chunk: the recording is never held whole.
    const stop = new AbortController();
    const onAbort = (): void => stop.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let expected = 0;
      const recording = decodeAudio.stream(
        bytes,
        stop.signal,
        (seconds) => {
          expected = Math.round(seconds * 16000);
          onDuration?.(seconds);
        },
        extras,
        // The header's length, long before the decoded one: without it a recording of over five
        // minutes (decoded as it streams) showed 99 % from its first minute to its last.
        (seconds) => {
          expected = Math.round(seconds * 16000);
        },
      );
      const transcript = await transcriber.transcribeStream({
        chunks: recording.chunks,
        expectedSamples: () => expected,
        ...common,
      });
      const { durationSeconds, speakerTurns, speakerPrints, peaks } = await recording.done;
      return {
        transcript: withSpeakers(transcript, speakerTurns ?? []),
        durationSeconds,
        peaks,
        ...(speakerPrints ? { speakerPrints: printsById(speakerPrints) } : {}),
      };
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // Ends the decoding (and its ffmpeg) if the engine stopped early; a no-op once it finished.
      stop.abort(new Error('The transcription ended.'));
    }
  }

  const speech = await decodeAudio(bytes, signal, onDuration, extras);
  const transcript = acceptsPcm(transcriber)
    ? await transcriber.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks, ...common })
    : await transcriber.transcribe({ samples: int16ToFloat(speech.pcm), sampleRate: 16000, ...common });
  return {
    transcript: withSpeakers(transcript, speech.speakerTurns ?? []),
    durationSeconds: speech.durationSeconds,
    peaks: speech.peaks,
    ...(speech.speakerPrints ? { speakerPrints: printsById(speech.speakerPrints) } : {}),
  };
}
