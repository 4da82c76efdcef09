import type { HighlightedText, PadSearchHit, VoiceNoteSearchHit } from '@voxpad/shared/search';
import { hasNoteFilters, type NoteFilters } from '@voxpad/shared/note-filters';
import type { Page } from '@voxpad/shared/pagination';
import { type TranscriptSegment, voiceNoteAudioPath } from '@voxpad/shared/voice-notes';
import type { Db, Dialect } from '../db/database.ts';
import { toIso } from '../lib/time.ts';
import { findPads } from '../pads/pads-repository.ts';
import { presentPad } from '../pads/pad-presenter.ts';
import { tagsOfNotes } from '../tags/tags-repository.ts';
import { excerpt, fromMarked, mergeRanges, prefixRanges } from './highlighted-text.ts';
import { speakerNameAt } from './hit-speaker.ts';
import { firstMatchTime, parseSegments } from './match-time.ts';
import { searchPostgres } from './postgres-search.ts';
import { searchSqlite } from './sqlite-search.ts';
import {
  PAD_SEARCH,
  VOICE_NOTE_SEARCH,
  type RankedMatch,
  type SearchPage,
  type SearchTable,
} from './ranked-match.ts';
import { encodeSearchCursor } from './search-cursor.ts';
import { isEmpty, parseSearchTerms, type SearchTerms } from './search-query.ts';
import {
  FILTER_SET_MAX,
  filteredNoteCheck,
  filteredNoteCondition,
  filteredNotes,
  filteredNotesBound,
  filteredRowidBounds,
  findNoteSummaries,
} from './search-repository.ts';
import { spokenRanges } from './spoken-highlights.ts';

export interface SearchDeps {
  db: Db;
  dialect: Dialect;
}

export interface SearchRequest {
  ownerId: string;
  q: string;
  limit: number;
  offset: number;
  /** Voice notes only (ADR 0045). */
  filters?: NoteFilters | undefined;
}

/** Ranked matches for one page, plus one more to know whether there is a next page. */
async function rank(deps: SearchDeps, spec: SearchTable, terms: SearchTerms, request: SearchRequest) {
  const now = Date.now();
  // The search route always passes the filters it parsed; with none set there is nothing to
  // check, and each match's note would be looked up for nothing.
  const filters =
    spec.table === 'voice_notes' && request.filters && hasNoteFilters(request.filters)
      ? request.filters
      : undefined;
  const page: SearchPage = {
    ownerId: request.ownerId,
    limit: request.limit + 1,
    offset: request.offset,
  };
  if (filters && deps.dialect === 'postgres') {
    page.where = await filteredNoteCondition(deps.db, request.ownerId, filters, now);
    page.newest = filters.createdTo;
  } else if (filters) {
    // SQLite gathers the filtered notes into a set first; when that set would be large (a common
    // tag, a date range, durations), each match is checked on its own instead (ADR 0057).
    const large = (await filteredNotesBound(deps.db, request.ownerId, filters)) > FILTER_SET_MAX;
    if (large) page.check = filteredNoteCheck(deps.db, request.ownerId, filters, now);
    else page.within = filteredNotes(deps.db, request.ownerId, filters, now);
    page.rowids = await filteredRowidBounds(deps.db, request.ownerId, filters);
  }
  const matches =
    deps.dialect === 'postgres'
      ? await searchPostgres(deps.db, spec, terms, page)
      : await searchSqlite(deps.db, spec, terms, page);
  return matches;
}

function toPage<T>(hits: T[], request: SearchRequest): Page<T> {
  const more = hits.length > request.limit;
  return {
    results: hits.slice(0, request.limit),
    next: more ? encodeSearchCursor(request.offset + request.limit) : null,
    previous: request.offset > 0 ? encodeSearchCursor(Math.max(0, request.offset - request.limit)) : null,
  };
}

/** The engine marks whole-word matches; the word being typed is marked here. */
function highlighted(marked: string, terms: SearchTerms): HighlightedText {
  const parsed = fromMarked(marked);
  return {
    text: parsed.text,
    highlights: mergeRanges(parsed.highlights, prefixRanges(parsed.text, terms.prefix)),
  };
}

/** The readable words found by their spoken form ("$400" for "four hundred") are marked too. */
function withSpokenMatches(
  transcript: HighlightedText,
  segments: TranscriptSegment[],
  terms: SearchTerms,
): HighlightedText {
  const spoken = spokenRanges(transcript.text, segments, terms);
  if (spoken.length === 0) return transcript;
  return { text: transcript.text, highlights: mergeRanges(transcript.highlights, spoken) };
}

export async function searchPads(deps: SearchDeps, request: SearchRequest): Promise<Page<PadSearchHit>> {
  const terms = parseSearchTerms(request.q);
  if (isEmpty(terms)) return { results: [], next: null, previous: null };
  const matches = await rank(deps, PAD_SEARCH, terms, request);
  const pads = new Map(
    (
      await findPads(
        deps.db,
        request.ownerId,
        matches.map((m) => m.id),
      )
    ).map((p) => [p.id, p]),
  );
  const hits: PadSearchHit[] = [];
  for (const match of matches) {
    const pad = pads.get(match.id);
    if (!pad) continue;
    const description = match.body ? highlighted(match.body, terms) : undefined;
    hits.push({
      pad: presentPad(pad),
      name: highlighted(match.heading, terms),
      snippet: description && description.text.length > 0 ? excerpt(description) : null,
      score: match.score,
    });
  }
  return toPage(hits, request);
}

export async function searchVoiceNotes(
  deps: SearchDeps,
  request: SearchRequest,
): Promise<Page<VoiceNoteSearchHit>> {
  const terms = parseSearchTerms(request.q);
  if (isEmpty(terms)) return { results: [], next: null, previous: null };
  const matches: RankedMatch[] = await rank(deps, VOICE_NOTE_SEARCH, terms, request);
  const notes = new Map(
    (
      await findNoteSummaries(
        deps.db,
        request.ownerId,
        matches.map((m) => m.id),
      )
    ).map((n) => [n.id, n]),
  );
  const tags = await tagsOfNotes(deps.db, request.ownerId, [...notes.keys()]);
  const hits: VoiceNoteSearchHit[] = [];
  for (const match of matches) {
    const note = notes.get(match.id);
    if (!note) continue;
    const segments = parseSegments(note.segments);
    const transcript = match.body
      ? withSpokenMatches(highlighted(match.body, terms), segments, terms)
      : undefined;
    const time = transcript ? firstMatchTime(transcript, segments) : null;
    hits.push({
      voice_note: {
        id: note.id,
        pad_id: note.pad_id,
        pad_name: note.pad_name,
        title: note.title,
        status: note.status,
        duration_seconds: note.duration_seconds,
        audio_url: voiceNoteAudioPath(note.pad_id, note.id),
        created_at: toIso(note.created_at),
        tags: tags.get(note.id) ?? [],
      },
      title: highlighted(match.heading, terms),
      snippet: transcript && transcript.text.length > 0 ? excerpt(transcript) : null,
      time,
      speaker: speakerNameAt(note.speakers, segments, time),
      score: match.score,
    });
  }
  return toPage(hits, request);
}
