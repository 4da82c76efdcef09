import { CHUNK_SECONDS, type ChunkedCapture } from './chunked-capture.ts';

/** Plenty for speech in Opus (about 14 MB an hour), a sixth of 16 kHz WAV. */
const BITS_PER_SECOND = 32_000;

/**
 * MediaRecorder with a timeslice: the browser compresses, and every CHUNK_SECONDS hands over
 * the next piece of one WebM/Ogg stream. The pieces concatenated in order are that stream, and
 * any first n of them a playable recording up to that point.
 */
export function startCompressedCapture(
  stream: MediaStream,
  mimeType: string,
  onChunk: (piece: Blob) => void,
): ChunkedCapture {
  const recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: BITS_PER_SECOND });
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) onChunk(event.data);
  };
  recorder.start(CHUNK_SECONDS * 1000);
  return {
    pause: () => {
      if (recorder.state === 'recording') recorder.pause();
    },
    resume: () => {
      if (recorder.state === 'paused') recorder.resume();
    },
    flushSoon: () => {
      if (recorder.state !== 'inactive') recorder.requestData();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (recorder.state === 'inactive') {
          resolve();
          return;
        }
        // The last dataavailable comes before stop.
        recorder.addEventListener('stop', () => resolve(), { once: true });
        recorder.stop();
      }),
  };
}
