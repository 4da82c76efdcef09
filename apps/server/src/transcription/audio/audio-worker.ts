/**
 * The audio side of the transcription worker thread: decodes one recording per message
 * (decode-speech.ts) and answers with PCM in a SharedArrayBuffer, or, when streaming, with
 * chunks as they are decoded (each transferred, never kept here). Started by
 * audio-decoder.ts through the same worker entry as the speech engine (worker-thread.ts), so
 * the bundle needs no extra file.
 */
import type { MessagePort } from 'node:worker_threads';

import {
  type DecodedSpeech,
  type RecordingInput,
  type StreamedSpeech,
  decodeSpeech,
  decodeSpeechStream,
} from './decode-speech.ts';
import type { AudioWorkerMessage, AudioWorkerReply, AudioWorkerRequest } from './audio-protocol.ts';
import { AudioDecodeError } from './errors.ts';
import type { SpeakerCount } from '../speakers/clustering.ts';
import type { VoicePrint } from '../speakers/voiceprint.ts';
import type { SpeakerTurn } from '../speakers/turns.ts';
import { SpeakerDiarizer, diarizeWithPrints, voiceprintOf } from '../speakers/diarize.ts';

export function runAudioWorker(port: MessagePort, ffmpegPath: string | undefined): void {
  /** Chunks sent and not yet acknowledged, and who waits for the count to drop. */
  let unacknowledged = 0;
  let window = Infinity;
  let wakeUp: (() => void) | undefined;

  const throttle = (): Promise<void> | undefined => {
    if (unacknowledged < window) return undefined;
    return new Promise<void>((resolve) => (wakeUp = resolve));
  };

  /** Cancels the decoding in progress (ffmpeg is killed and reaped before it rejects). */
  let cancel: AbortController | undefined;

  port.on('message', (message: AudioWorkerMessage) => {
    if (message.type === 'cancel') {
      cancel?.abort(new Error('Decoding was cancelled.'));
      return;
    }
    if (message.type === 'ack') {
      unacknowledged--;
      if (unacknowledged < window && wakeUp) {
        const wake = wakeUp;
        wakeUp = undefined;
        wake();
      }
      return;
    }
    const request = message;
    const started = performance.now();
    const controller = new AbortController();
    cancel = controller;
    const options = {
      maxDurationSeconds: request.maxDurationSeconds,
      ...(ffmpegPath ? { ffmpegPath } : {}),
      signal: controller.signal,
      onDuration: (durationSeconds: number) => {
        const reply: AudioWorkerReply = { type: 'duration', durationSeconds };
        port.postMessage(reply);
      },
      onExpectedDuration: (durationSeconds: number) => {
        const reply: AudioWorkerReply = { type: 'expected-duration', durationSeconds };
        port.postMessage(reply);
      },
    };
    let work: Promise<AudioWorkerReply>;
    const speakers = request.speakers;
    if (request.stream) {
      window = request.stream.window;
      // Fed each chunk before it is transferred: holds one window of audio, never the recording.
      const diarizer = speakers === undefined ? undefined : new SpeakerDiarizer();
      work = recording(request)
        .then((bytes) =>
          decodeSpeechStream(bytes, {
            ...options,
            onChunk: (chunk) => {
              diarizer?.push(chunk.pcm);
              unacknowledged++;
              const reply: AudioWorkerReply = { type: 'chunk', chunk };
              port.postMessage(reply, [chunk.pcm.buffer as ArrayBuffer]);
            },
            throttle,
          }),
        )
        .then((speech: StreamedSpeech) => ({
          type: 'streamed',
          speech:
            diarizer && speakers !== undefined ? { ...speech, ...speakersOf(diarizer, speakers) } : speech,
          decodeSeconds: (performance.now() - started) / 1000,
        }));
    } else {
      work = recording(request)
        .then((bytes) => decodeSpeech(bytes, options))
        .then((speech: DecodedSpeech) => ({
          type: 'decoded',
          speech: speakers === undefined ? speech : { ...speech, ...speakersOfWhole(speech.pcm, speakers) },
          decodeSeconds: (performance.now() - started) / 1000,
        }));
    }
    work.then(
      (reply) => port.postMessage(reply),
      (error: unknown) => {
        const reply: AudioWorkerReply =
          error instanceof AudioDecodeError
            ? { type: 'rejected', code: error.code, message: error.message }
            : { type: 'failed', message: error instanceof Error ? error.message : String(error) };
        port.postMessage(reply);
      },
    );
  });
}

/**
 * Who spoke when and their voiceprints (ADR 0053, 0058). Told one person speaks, nothing is
 * told apart: the answer is the print of all the speech, so a corrected one-voice note can teach.
 */
function speakersOf(diarizer: SpeakerDiarizer, speakers: SpeakerCount): Voices {
  if (speakers === 1) return oneVoice(diarizer.finishAsOneVoice());
  const { turns, prints } = diarizer.finishWithPrints(speakers);
  return { speakerTurns: turns, speakerPrints: prints };
}

function speakersOfWhole(pcm: Int16Array, speakers: SpeakerCount): Voices {
  if (speakers === 1) return oneVoice(voiceprintOf(pcm));
  const { turns, prints } = diarizeWithPrints(pcm, { speakers });
  return { speakerTurns: turns, speakerPrints: prints };
}

interface Voices {
  speakerTurns: SpeakerTurn[];
  speakerPrints: VoicePrint[];
}

function oneVoice(print: VoicePrint | undefined): Voices {
  return { speakerTurns: [], speakerPrints: print ? [print] : [] };
}

/**
 * The request's bytes, or its file, which decode-speech.ts reads in pieces off the thread
 * that serves requests (never whole: a 4-hour WAV is 460 MB).
 */
async function recording(request: AudioWorkerRequest): Promise<RecordingInput> {
  if (request.file !== undefined) return { path: request.file };
  return request.bytes ?? new Uint8Array(0);
}
