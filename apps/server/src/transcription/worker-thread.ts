/**
 * Entry of every transcription worker thread: one thread either decodes audio files
 * (audio/audio-worker.ts, started by audio/audio-decoder.ts) or runs the pocketsphinx
 * decoder (pocketsphinx/decoder-worker.ts, started by its pool) or one live stream's incremental
 * decoder (pocketsphinx/stream-worker.ts, live-decoder-pool.ts), as its workerData says.
 * One entry for both keeps the bundle to one worker file (see worker-entry.ts).
 *
 * The bundle emits this file as dist/transcription-worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';

import { isAudioWorkerSettings } from './audio/audio-protocol.ts';
import { runAudioWorker } from './audio/audio-worker.ts';
import { runDecoderWorker } from './pocketsphinx/decoder-worker.ts';
import { isStreamWorkerSettings } from './pocketsphinx/stream-protocol.ts';
import { runStreamWorker } from './pocketsphinx/stream-worker.ts';

const port = parentPort;
if (!port) throw new Error('The transcription worker must be started as a worker thread.');

if (isAudioWorkerSettings(workerData)) runAudioWorker(port, workerData.ffmpegPath);
else if (isStreamWorkerSettings(workerData)) runStreamWorker(port, workerData);
else runDecoderWorker(port, workerData);
