import { UPLOAD_FILE_NAME } from '@voxpad/shared/voice-notes';

/** What the file picker offers: extensions and types of the formats the server recognises. */
export const ACCEPTED_AUDIO =
  '.wav,.webm,.ogg,.oga,.opus,.mp3,.m4a,.aac,.mp4,.flac,audio/wav,audio/x-wav,audio/webm,audio/ogg,audio/mpeg,audio/mp4,audio/aac,audio/flac,audio/x-flac';

const EXTENSIONS = /\.(wav|webm|ogg|oga|opus|mp3|m4a|aac|mp4|flac)$/i;

/** A quick check before uploading; the server sniffs the bytes and has the last word. */
export function looksLikeAudio(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type.startsWith('audio/') || file.type === 'video/webm' || EXTENSIONS.test(file.name);
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
