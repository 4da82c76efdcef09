/**
 * The audio side of the transcription worker thread: decodes one recording per message
 * (decode-speech.ts) and answers with PCM in a SharedArrayBuffer. Started by
 * audio-decoder.ts through the same worker entry as the speech engine (worker.ts), so
 * the bundle needs no extra file.
 */
import type { MessagePort } from 'node:worker_threads';

import { decodeSpeech } from './decode-speech.ts';
import type { AudioWorkerReply, AudioWorkerRequest } from './audio-protocol.ts';
import { AudioDecodeError } from './errors.ts';

export function runAudioWorker(port: MessagePort, ffmpegPath: string | undefined): void {
  port.on('message', (request: AudioWorkerRequest) => {
    const started = performance.now();
    decodeSpeech(request.bytes, {
      maxDurationSeconds: request.maxDurationSeconds,
      ...(ffmpegPath ? { ffmpegPath } : {}),
    }).then(
      (speech) => {
        const reply: AudioWorkerReply = {
          type: 'decoded',
          speech,
          decodeSeconds: (performance.now() - started) / 1000,
        };
        port.postMessage(reply);
      },
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
