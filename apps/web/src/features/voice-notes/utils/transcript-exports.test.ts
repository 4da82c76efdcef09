import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, chaptersUrl, exportUrl } from './transcript-exports.ts';

describe('exportUrl', () => {
  it('points at the server export of each format, ids escaped', () => {
    expect(EXPORT_FORMATS.map((format) => exportUrl('p1', 'n/1', format))).toEqual([
      '/api/v1/pad/p1/voicenote/n%2F1/transcript.txt',
      '/api/v1/pad/p1/voicenote/n%2F1/transcript.srt',
      '/api/v1/pad/p1/voicenote/n%2F1/transcript.vtt',
      '/api/v1/pad/p1/voicenote/n%2F1/transcript.json',
      '/api/v1/pad/p1/voicenote/n%2F1/transcript.md',
    ]);
  });

  it('points at the note’s chapters, ids escaped', () => {
    expect(chaptersUrl('p1', 'n/1')).toBe('/api/v1/pad/p1/voicenote/n%2F1/chapters.vtt');
  });
});
