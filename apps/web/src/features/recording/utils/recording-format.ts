/**
 * How a recording is kept: compressed by the browser (Opus in WebM or Ogg, about 1/8 the size
 * of WAV) where MediaRecorder can, else 16 kHz 16-bit PCM written out as WAV.
 */
export type RecordingFormat =
  | { kind: 'compressed'; mimeType: string; fileName: string }
  | { kind: 'pcm'; mimeType: 'audio/wav'; fileName: 'recording.wav' };

/** Best first. The server sniffs both containers (WebM and Ogg with Opus). */
const COMPRESSED_CANDIDATES = [
  { mimeType: 'audio/webm;codecs=opus', fileName: 'recording.webm' },
  { mimeType: 'audio/ogg;codecs=opus', fileName: 'recording.ogg' },
] as const;

export const PCM_FORMAT: RecordingFormat = { kind: 'pcm', mimeType: 'audio/wav', fileName: 'recording.wav' };

/**
 * The format to record in. `isTypeSupported` is MediaRecorder's, or undefined where the browser
 * has no MediaRecorder at all.
 */
export function pickRecordingFormat(
  isTypeSupported: ((mimeType: string) => boolean) | undefined,
): RecordingFormat {
  if (!isTypeSupported) return PCM_FORMAT;
  for (const candidate of COMPRESSED_CANDIDATES) {
    let supported = false;
    try {
      supported = isTypeSupported(candidate.mimeType);
    } catch {
      // Some engines throw on types they do not know instead of answering false.
    }
    if (supported) return { kind: 'compressed', ...candidate };
  }
  return PCM_FORMAT;
}

/** What this browser records in. */
export function browserRecordingFormat(): RecordingFormat {
  if (typeof MediaRecorder !== 'function' || typeof MediaRecorder.isTypeSupported !== 'function') {
    return PCM_FORMAT;
  }
  return pickRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
}
