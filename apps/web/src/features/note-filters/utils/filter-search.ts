import { z } from 'zod';
import { NOTE_FILTER_LIMITS, type NoteFilterQuery } from '@voxpad/shared/note-filters';
import { SPEAKER_LIMITS } from '@voxpad/shared/speakers';
import { TAG_LIMITS } from '@voxpad/shared/tags';
import { VOICE_NOTE_STATUSES } from '@voxpad/shared/voice-notes';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const seconds = z.coerce.number().nonnegative().finite();
const flag = z
  .preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean())
  .optional()
  .catch(undefined);

/**
 * A filtered note list's state in the URL (ADR 0045), so a filtered view can be bookmarked:
 * `tag` (a list), `pad`, `from`/`to` (days, `2024-05-31`, read in the person's time zone),
 * `min_duration`/`max_duration` (seconds), `status`, `edited`, `shared`, `speaker` (a name). A value a link got wrong is
 * dropped rather than failing the page.
 */
export const noteFilterSearchSchema = z.object({
  tag: z
    .preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z.array(z.string().trim().min(1).max(TAG_LIMITS.nameMax)).max(NOTE_FILTER_LIMITS.tagsMax),
    )
    .optional()
    .catch(undefined),
  pad: z.string().min(1).max(64).optional().catch(undefined),
  from: z.string().regex(DAY).optional().catch(undefined),
  to: z.string().regex(DAY).optional().catch(undefined),
  min_duration: seconds.optional().catch(undefined),
  max_duration: seconds.optional().catch(undefined),
  status: z.enum(VOICE_NOTE_STATUSES).optional().catch(undefined),
  edited: flag,
  shared: flag,
  speaker: z.string().trim().min(1).max(SPEAKER_LIMITS.nameMax).optional().catch(undefined),
});
export type NoteFilterSearch = z.infer<typeof noteFilterSearchSchema>;

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
