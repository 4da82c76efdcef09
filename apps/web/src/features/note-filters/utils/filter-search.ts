import { NOTE_FILTER_LIMITS, SPEAKER_LIMITS, TAG_LIMITS } from '@voxpad/shared/limits';
import type { NoteFilterQuery } from '@voxpad/shared/note-filters';
import { VOICE_NOTE_STATUSES } from '@voxpad/shared/voice-note-statuses';
import type { VoiceNoteStatus } from '@voxpad/shared/voice-notes';
import {
  choiceParam,
  definedOnly,
  flagParam,
  nonNegativeNumberParam,
  patternParam,
  textParam,
} from '../../../lib/search-params.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A filtered note list's state in the URL (ADR 0045), so a filtered view can be bookmarked:
 * `tag` (a list), `pad`, `from`/`to` (days, `2024-05-31`, read in the person's time zone),
 * `min_duration`/`max_duration` (seconds), `status`, `edited`, `shared`, `speaker` (a name).
 */
export interface NoteFilterSearch {
  tag?: string[] | undefined;
  pad?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  min_duration?: number | undefined;
  max_duration?: number | undefined;
  status?: VoiceNoteStatus | undefined;
  edited?: boolean | undefined;
  shared?: boolean | undefined;
  speaker?: string | undefined;
}

/** One tag or a list of them, each a tag name; a list that breaks a rule is dropped whole. */
function tagsParam(value: unknown): string[] | undefined {
  const list: unknown[] = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  if (list.length === 0 || list.length > NOTE_FILTER_LIMITS.tagsMax) return undefined;
  const tags = list.map((tag) => textParam(tag, { min: 1, max: TAG_LIMITS.nameMax, trim: true }));
  return tags.every((tag) => tag !== undefined) ? tags : undefined;
}

/** Reads the filters from a page's search; a value a link got wrong is dropped, not an error. */
export function parseNoteFilterSearch(search: Record<string, unknown>): NoteFilterSearch {
  return definedOnly({
    tag: tagsParam(search.tag),
    pad: textParam(search.pad, { min: 1, max: 64 }),
    from: patternParam(search.from, DAY),
    to: patternParam(search.to, DAY),
    min_duration: nonNegativeNumberParam(search.min_duration),
    max_duration: nonNegativeNumberParam(search.max_duration),
    status: choiceParam(search.status, VOICE_NOTE_STATUSES),
    edited: flagParam(search.edited),
    shared: flagParam(search.shared),
    speaker: textParam(search.speaker, { min: 1, max: SPEAKER_LIMITS.nameMax, trim: true }),
  });
}

/** The filters set, without the empty ones (an empty tag list is no filter). */
export function cleanFilterSearch(search: NoteFilterSearch): NoteFilterSearch {
  const clean: NoteFilterSearch = {};
  if (search.tag && search.tag.length > 0) clean.tag = search.tag;
  if (search.pad) clean.pad = search.pad;
  if (search.from) clean.from = search.from;
  if (search.to) clean.to = search.to;
  if (search.min_duration !== undefined) clean.min_duration = search.min_duration;
  if (search.max_duration !== undefined) clean.max_duration = search.max_duration;
  if (search.status) clean.status = search.status;
  if (search.edited !== undefined) clean.edited = search.edited;
  if (search.shared !== undefined) clean.shared = search.shared;
  const speaker = search.speaker?.trim();
  if (speaker) clean.speaker = speaker;
  return clean;
}

export function countFilters(search: NoteFilterSearch): number {
  const clean = cleanFilterSearch(search);
  return Object.keys(clean).length + Math.max(0, (clean.tag?.length ?? 0) - 1);
}

/** The instant a local day starts (`from`) or ends (`to`, its last millisecond), as ISO text. */
export function localDayBound(day: string, bound: 'from' | 'to'): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date);
  if (bound === 'from') return start.toISOString();
  return new Date(new Date(year, month - 1, date + 1).getTime() - 1).toISOString();
}

/** The query the API takes for these filters: days become the person's local day boundaries. */
export function toNoteFilterQuery(search: NoteFilterSearch): NoteFilterQuery {
  const clean = cleanFilterSearch(search);
  return {
    ...(clean.tag ? { tag: clean.tag } : {}),
    ...(clean.pad ? { pad: clean.pad } : {}),
    ...(clean.from ? { from: localDayBound(clean.from, 'from') } : {}),
    ...(clean.to ? { to: localDayBound(clean.to, 'to') } : {}),
    ...(clean.min_duration === undefined ? {} : { min_duration: clean.min_duration }),
    ...(clean.max_duration === undefined ? {} : { max_duration: clean.max_duration }),
    ...(clean.status ? { status: clean.status } : {}),
    ...(clean.edited === undefined ? {} : { edited: clean.edited }),
    ...(clean.shared === undefined ? {} : { shared: clean.shared }),
    ...(clean.speaker ? { speaker: clean.speaker } : {}),
  };
}
