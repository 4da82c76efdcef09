import { wavHeader } from '../../../lib/audio/encode-wav.ts';

export interface AudioLayout {
  format: 'compressed' | 'pcm';
  mimeType: string;
  /** PCM only. */
  sampleRate: number | null;
}

/**
 * One file from a recording's pieces, in order: compressed pieces are one stream already; PCM
 * pieces get the WAV header, now that their total length is known. The Blob refers to the
 * pieces without copying them.
 */
export function assembleAudio(pieces: readonly Blob[], layout: AudioLayout): Blob {
  if (layout.format === 'compressed') return new Blob([...pieces], { type: layout.mimeType });
  const bytes = pieces.reduce((total, piece) => total + piece.size, 0);
  return new Blob([wavHeader(layout.sampleRate ?? 16_000, bytes), ...pieces], { type: 'audio/wav' });
}
