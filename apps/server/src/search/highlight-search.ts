/**
 * `GET /api/v1/search/highlight/?q=` (ADR 0054): the person's highlights whose label or
 * comment holds every word typed, newest first, each with its note and the second its result
 * link jumps to. Highlights are few and short, so they are matched as text, not through the
 * full-text indexes of notes; the words are the ones the note search reads from the query.
 */
import type { HighlightSearchHit } from '@voxpad/shared/highlights';
import type { HighlightedText } from '@voxpad/shared/search';
import type { Page } from '@voxpad/shared/pagination';
import { voiceNoteAudioPath } from '@voxpad/shared/voice-notes';
import { presentHighlight } from '../highlights/highlights-presenter.ts';
import { searchHighlightRows } from '../highlights/highlights-repository.ts';
import { toIso } from '../lib/time.ts';
import { tagsOfNotes } from '../tags/tags-repository.ts';
import { mergeRanges, prefixRanges } from './highlighted-text.ts';
import { encodeSearchCursor } from './search-cursor.ts';
import { isEmpty, parseSearchTerms } from './search-query.ts';
import type { SearchDeps, SearchRequest } from './search-service.ts';

function marked(text: string, words: readonly string[]): HighlightedText {
  return { text, highlights: mergeRanges(...words.map((word) => prefixRanges(text, word))) };
}

export async function searchHighlights(
  deps: SearchDeps,
  request: SearchRequest,
): Promise<Page<HighlightSearchHit>> {
  const terms = parseSearchTerms(request.q);
  if (isEmpty(terms)) return { results: [], next: null, previous: null };
  const words = [...terms.phrases.flat(), ...(terms.prefix ? [terms.prefix] : [])];
  const rows = await searchHighlightRows(deps.db, request.ownerId, words, request.limit + 1, request.offset);
  const page = rows.slice(0, request.limit);
  const tags = await tagsOfNotes(deps.db, request.ownerId, [...new Set(page.map((row) => row.note_id))]);
  return {
    results: page.map((row) => ({
      highlight: presentHighlight(row),
      voice_note: {
        id: row.note_id,
        pad_id: row.pad_id,
        pad_name: row.pad_name,
        title: row.title,
        status: row.status,
        duration_seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
        audio_url: voiceNoteAudioPath(row.pad_id, row.note_id),
        created_at: toIso(Number(row.note_created_at)),
        tags: tags.get(row.note_id) ?? [],
      },
      label: marked(row.label, words),
      comment: row.comment === '' ? null : marked(row.comment, words),
      time: Number(row.start_seconds),
    })),
    next: rows.length > request.limit ? encodeSearchCursor(request.offset + request.limit) : null,
    previous: request.offset > 0 ? encodeSearchCursor(Math.max(0, request.offset - request.limit)) : null,
  };
}
