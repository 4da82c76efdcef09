import type { BlobStorage } from '../storage/blob-storage.ts';
import { SNIFF_BYTES, sniffLength } from '../transcription/audio/audio-format.ts';
import { inspect } from '../voice-notes/file-voice-note.ts';
import { readStart, storedParts } from './upload-parts.ts';

export interface UploadProgress {
  id: string;
  length: number;
  /** Bytes stored so far. */
  stored: number;
}

/**
 * Sniffs an upload's first bytes as soon as enough of them are stored, by the rules a voice
 * note is filed by (format, WAV header, declared duration), so a file that is not audio is
 * refused at its first PATCH instead of after the whole of it arrived. Returns false while
 * too few bytes are in to tell; throws the refusal (an ApiProblem) when they are not audio.
 */
export async function checkAudioStart(
  storage: BlobStorage,
  upload: UploadProgress,
  maxDurationSeconds: number,
): Promise<boolean> {
  if (upload.stored < Math.min(SNIFF_BYTES, upload.length)) return false;
  const parts = await storedParts(storage, upload.id, upload.stored);
  let head = await readStart(storage, parts, SNIFF_BYTES);
  // An ID3 tag in front of the audio moves what tells the format further in.
  const needed = Math.min(sniffLength(head), upload.length);
  if (upload.stored < needed) return false;
  if (needed > head.length) head = await readStart(storage, parts, needed);
  inspect(head, maxDurationSeconds);
  return true;
}
