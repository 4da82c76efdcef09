import { ACCEPTED_AUDIO_FORMATS, UPLOAD_FILE_NAME } from '@voxpad/shared/voice-notes';
import { formatBytes } from '../../../lib/format-bytes.ts';

/** What the file picker offers: extensions and types of the formats the server recognises. */
export const ACCEPTED_AUDIO =
  '.wav,.webm,.ogg,.oga,.opus,.mp3,.m4a,.aac,.mp4,.flac,audio/wav,audio/x-wav,audio/webm,audio/ogg,audio/mpeg,audio/mp4,audio/aac,audio/flac,audio/x-flac';

const EXTENSIONS = /\.(wav|webm|ogg|oga|opus|mp3|m4a|aac|mp4|flac)$/i;

/** A quick check before uploading; the server sniffs the bytes and has the last word. */
export function looksLikeAudio(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type.startsWith('audio/') || file.type === 'video/webm' || EXTENSIONS.test(file.name);
}

/**
 * Why a picked file cannot be uploaded, in words for the person, or null when it may go. Said
 * at once, before the file is kept in this browser: the server would refuse it only after the
 * whole file had been stored and sent. `maxBytes` is the server's UPLOAD_MAX_BYTES (from the
 * stats); unknown (offline before the stats ever loaded), the server has the last word.
 */
export function fileRefusal(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes: number | undefined,
): string | null {
  if (!looksLikeAudio(file)) {
    return `“${file.name}” does not look like audio. Choose a recording in one of these formats: ${ACCEPTED_AUDIO_FORMATS.join(', ')}.`;
  }
  if (file.size === 0) {
    return `“${file.name}” is empty (0 bytes): there is nothing to transcribe. Choose a recording with sound in it.`;
  }
  if (maxBytes !== undefined && file.size > maxBytes) {
    return `“${file.name}” is ${formatBytes(file.size)}, more than the ${formatBytes(maxBytes)} this server takes. Choose a smaller file, or split the recording.`;
  }
  return null;
}

/**
 * `attachment; filename="..."` with an ASCII-only fallback (request headers cannot carry
 * other characters) plus `filename*` holding the real name in UTF-8.
 */
export function attachmentDisposition(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()?.trim() || UPLOAD_FILE_NAME;
  const ascii = base.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  if (ascii === base) return `attachment; filename="${ascii}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}
