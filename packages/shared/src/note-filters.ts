import { z } from 'zod';
import { SPEAKER_LIMITS } from './speakers.ts';
import { tagNameSchema } from './tags.ts';
import { VOICE_NOTE_STATUSES } from './voice-notes.ts';
import { NOTE_FILTER_LIMITS } from './limits.ts';

/**
 * Filters on voice-note lists and search (ADR 0045), as query parameters of
 * `GET pad/{id}/voicenote/`, `GET voicenote/recent/` and `GET search/voicenote/`:
 *
 * - `pad`: one pad's notes (not on a pad's own list, whose path names it);
 * - `tag`: repeatable, a note must carry every one (names, any case);
 * - `from`, `to`: created on or after / on or before; a day (`2024-05-31`, whole days in UTC) or
 *   a time with its offset (`2024-05-31T00:00:00+02:00`, what the web app sends for local days);
 * - `min_duration`, `max_duration`: seconds, inclusive;
 * - `status`: pending, processing, done or failed;
 * - `edited`: `true` or `false`, whether the person edited the transcript;
 * - `shared`: `true` or `false`, whether a live share link shows the note (its own or its pad's);
 * - `speaker`: a speaker's name (any case), who speaks in the note (ADR 0053).
 *
 * Every parameter is optional and they all apply together.
 */
export { NOTE_FILTER_LIMITS };

export const NOTE_FILTER_PARAMS = [
  'pad',
  'tag',
  'from',
  'to',
  'min_duration',
  'max_duration',
  'status',
  'edited',
  'shared',
  'speaker',
] as const;
export type NoteFilterParam = (typeof NOTE_FILTER_PARAMS)[number];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A time with a date, hours and minutes, and an offset (or Z): never read in the server's zone. */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant a `from`/`to` value stands for, in epoch milliseconds: a day starts (`from`) or
 * ends (`to`, its last millisecond) in UTC; a time is itself. Undefined when it is neither.
 */
export function parseFilterDate(value: string, bound: 'from' | 'to'): number | undefined {
  const day = DAY.exec(value);
  if (day) {
    const [, y, m, d] = day;
    const start = Date.UTC(Number(y), Number(m) - 1, Number(d));
    const date = new Date(start);
    // 2024-02-31 is not a day.
    if (Number.isNaN(start) || date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) {
      return undefined;
    }
    return bound === 'from' ? start : start + DAY_MS - 1;
  }
  if (!TIME.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

const dateParam = (param: 'from' | 'to') =>
  z
    .string({ error: `Give ${param} once, as a date such as 2024-05-31.` })
    .refine(
      (value) => parseFilterDate(value, param) !== undefined,
      `${param} must be a date such as 2024-05-31, or a time with its offset such as 2024-05-31T09:00:00+02:00.`,
    );

const durationParam = (param: 'min_duration' | 'max_duration') =>
  z.coerce
    .number({ error: `${param} must be a number of seconds, such as 90.` })
    .min(0, `${param} must be a number of seconds, 0 or more.`);

const yesNo = (param: 'edited' | 'shared') =>
  z
    .enum(['true', 'false'], { error: `${param} must be true or false.` })
    .transform((value) => value === 'true');

const tagParam = z
  .union([tagNameSchema, z.array(tagNameSchema)], {
    error: 'Each tag must be a name of at most 50 characters.',
  })
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .refine(
    (tags) => tags.length <= NOTE_FILTER_LIMITS.tagsMax,
    `Filter by at most ${NOTE_FILTER_LIMITS.tagsMax} tags at once.`,
  );

/** The parameters as they arrive (query strings; `tag` once or repeated). */
export const noteFilterFields = {
  pad: z.string({ error: 'Give pad once, as a pad id.' }).min(1).max(64, 'This is not a pad id.').optional(),
  tag: tagParam.optional(),
  from: dateParam('from').optional(),
  to: dateParam('to').optional(),
  min_duration: durationParam('min_duration').optional(),
  max_duration: durationParam('max_duration').optional(),
  status: z
    .enum(VOICE_NOTE_STATUSES, { error: `status must be one of ${VOICE_NOTE_STATUSES.join(', ')}.` })
    .optional(),
  edited: yesNo('edited').optional(),
  shared: yesNo('shared').optional(),
  speaker: z
    .string({ error: 'Give speaker once, as a speaker’s name.' })
    .trim()
    .min(1, 'Give speaker as a speaker’s name.')
    .max(SPEAKER_LIMITS.nameMax, `A speaker’s name is at most ${SPEAKER_LIMITS.nameMax} characters.`)
    .optional(),
};

/** What a list or search is narrowed to, with dates as epoch milliseconds (both inclusive). */
export interface NoteFilters {
  padId?: string | undefined;
  /** Names; a note must carry every one. */
  tags?: string[] | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
  minDuration?: number | undefined;
  maxDuration?: number | undefined;
  status?: (typeof VOICE_NOTE_STATUSES)[number] | undefined;
  edited?: boolean | undefined;
  shared?: boolean | undefined;
  /** A speaker's name, any case. */
  speaker?: string | undefined;
}

/** The filters of a query string, checked together (a range must not end before it starts). */
export const noteFiltersQuerySchema = z
  .object(noteFilterFields)
  .superRefine((q, ctx) => {
    const from = q.from === undefined ? undefined : parseFilterDate(q.from, 'from');
    const to = q.to === undefined ? undefined : parseFilterDate(q.to, 'to');
    if (from !== undefined && to !== undefined && to < from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from.' });
    }
    if (q.min_duration !== undefined && q.max_duration !== undefined && q.max_duration < q.min_duration) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_duration'],
        message: 'max_duration must not be less than min_duration.',
      });
    }
  })
  .transform((q): NoteFilters => ({
    padId: q.pad,
    tags: q.tag,
    createdFrom: q.from === undefined ? undefined : parseFilterDate(q.from, 'from'),
    createdTo: q.to === undefined ? undefined : parseFilterDate(q.to, 'to'),
    minDuration: q.min_duration,
    maxDuration: q.max_duration,
    status: q.status,
    edited: q.edited,
    shared: q.shared,
    speaker: q.speaker,
  }));

/** The parameters as a client sends them (`tag` as a list; it is repeated in the query string). */
export interface NoteFilterQuery {
  pad?: string | undefined;
  tag?: string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  min_duration?: number | undefined;
  max_duration?: number | undefined;
  status?: (typeof VOICE_NOTE_STATUSES)[number] | undefined;
  edited?: boolean | undefined;
  shared?: boolean | undefined;
  speaker?: string | undefined;
}

/** True when at least one filter is set. */
export function hasNoteFilters(filters: NoteFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}
