import { apiClient } from '../../../lib/api-client.ts';

/** What GET pad/{id}/voicenote/{vid}/transcript.{format} serves, as an attachment. */
export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_LABELS: Record<ExportFormat, { short: string; long: string }> = {
  txt: { short: 'TXT', long: 'plain text' },
  srt: { short: 'SRT', long: 'SRT subtitles' },
  vtt: { short: 'WebVTT', long: 'WebVTT subtitles' },
  json: { short: 'JSON', long: 'JSON with word timings' },
  md: { short: 'Markdown', long: 'Markdown' },
};

export function exportUrl(padId: string, voiceNoteId: string, format: ExportFormat): string {
  return apiClient.url(
    `/api/v1/pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/transcript.${format}`,
  );
}

/** GET pad/{id}/voicenote/{vid}/chapters.vtt: the note's highlights as WebVTT chapters (ADR 0054). */
export function chaptersUrl(padId: string, voiceNoteId: string): string {
  return apiClient.url(
    `/api/v1/pad/${encodeURIComponent(padId)}/voicenote/${encodeURIComponent(voiceNoteId)}/chapters.vtt`,
  );
}
