/**
 * The decoder thread of one live stream (started by live-decoder-pool.ts through
 * worker-thread.ts): loads the model at once, so it is ready before the stream's first frame,
 * then decodes the stream's audio as it comes (stream-decoder.ts). Messages are handled one at a
 * time; the native calls block this thread, and audio posted meanwhile waits in the port.
 *
 * While behind (more than BEHIND_SECONDS posted but not decoded yet), no partial is read: the
 * audio is still all decoded and every final is sent, but a preview of audio the speaker said
 * seconds ago would only cost time.
 *
 * VOXPAD_LIVE_DECODER_SLOWDOWN (a factor, default 1; read only here) makes the engine that many
 * times slower (stream-decoder.ts), for the lag bench and tests.
 */
import type { MessagePort } from 'node:worker_threads';

import { TranscriptionError } from '../errors.ts';
import { SAMPLE_RATE } from './decoder.ts';
import { resolveDecodingModel } from './decoding-dictionary.ts';
import type { SerializedError } from './protocol.ts';
import { StreamDecoder } from './stream-decoder.ts';
import {
  DROPPED,
  POSTED,
  type StreamReply,
  type StreamRequest,
  type StreamWorkerSettings,
} from './stream-protocol.ts';

const BEHIND_SECONDS = 0.5;

export function runStreamWorker(port: MessagePort, settings: StreamWorkerSettings): void {
  const post = (reply: StreamReply): void => port.postMessage(reply);
  let decoder: StreamDecoder;
  try {
    // Finals are made by a full-utterance decode elsewhere (live/incremental-decoder.ts): this
    // decoder's words are previews, and need no second pass.
    decoder = StreamDecoder.open(resolveDecodingModel(settings.modelDir), {
      slowdown: slowdownFromEnv(),
      secondPass: false,
    });
  } catch (error) {
    // Without a message listener the thread exits once this is delivered.
    post({ type: 'init-error', error: serialize(error) });
    return;
  }
  post({ type: 'ready' });
  let decoded = 0;
  let failed = false;
  port.on('message', (request: StreamRequest) => {
    if (request.type === 'close') {
      // Freed here: a terminated thread would leak the native decoder (~95 MB).
      decoder.close();
      port.close();
      return;
    }
    if (failed || Atomics.load(settings.shared, DROPPED) === 1) return;
    try {
      decoder.feed(request.pcm);
      decoded += request.pcm.length;
      const { utterance } = request;
      if (request.end) {
        post({ type: 'final', utterance, words: decoder.end(), decoded });
        return;
      }
      const behind = Atomics.load(settings.shared, POSTED) - decoded > BEHIND_SECONDS * SAMPLE_RATE;
      const words = behind ? undefined : decoder.partial();
      post(words ? { type: 'partial', utterance, words, decoded } : { type: 'decoded', decoded });
    } catch (error) {
      failed = true;
      post({ type: 'error', error: serialize(error) });
    }
  });
}

function slowdownFromEnv(): number {
  const factor = Number(process.env.VOXPAD_LIVE_DECODER_SLOWDOWN ?? '1');
  return Number.isFinite(factor) && factor >= 1 ? factor : 1;
}

function serialize(error: unknown): SerializedError {
  if (error instanceof TranscriptionError) return { code: error.code, message: error.message };
  return {
    code: 'decode_failed',
    message: `pocketsphinx failed: ${error instanceof Error ? error.message : String(error)}`,
  };
}
