import { z } from 'zod';
import { noteSpeakerSchema } from './speakers.ts';
import { transcriptSegmentSchema } from './voice-notes.ts';

/**
 * Share links (ADR 0044): a public address for a note, a time range of a note, or a whole pad.
 * The owner manages them under /api/v1/shares/; anyone with the link reads under
 * /api/v1/public/shares/{token}/ without a session.
 */

export const SHARE_PASSWORD_MIN = 6;
export const SHARE_PASSWORD_MAX = 128;
/** Shares one account may hold unless the server is configured otherwise (SHARES_MAX_PER_USER). */
export const SHARES_MAX_PER_USER_DEFAULT = 200;

/** A share of a whole note, of a time range of one, or of a whole pad. */
export const SHARE_KINDS = ['note', 'range', 'pad'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** Error codes only the share endpoints give, beside the shared API_ERROR_CODES. */
export const SHARE_ERROR_CODES = {
  /** 409: the account holds SHARES_MAX_PER_USER links; revoking one makes room. */
  shareLimitReached: 'share_limit_reached',
  /** 403: the password sent to unlock a share is not its password. */
  wrongPassword: 'share_wrong_password',
  /** 403: the share asks for its password before anything else. */
  locked: 'share_locked',
  /** 403: the owner did not allow downloads of this share. */
  downloadNotAllowed: 'share_download_not_allowed',
} as const;

/** What every unknown, revoked or expired link answers, word for word. */
export const SHARE_GONE_MESSAGE = 'This link does not exist or has been turned off.';

const id = (what: string) =>
  z
    .string({ error: `Name the ${what} to share by its id.` })
    .min(1, `Name the ${what} to share by its id.`)
    .max(64, `Name the ${what} to share by its id.`);

const seconds = (which: 'start' | 'end') =>
  z
    .number({ error: `The ${which} of the range is a number of seconds, e.g. 42 for 0:42.` })
    .finite()
    .min(0, `The ${which} of the range cannot be before the start of the note.`);

const FIELDS = 'The fields are: note_id, pad_id, start, end, expires_at, password, allow_download.';

export const createShareSchema = z
  .strictObject(
    {
      note_id: id('note').optional(),
      pad_id: id('pad').optional(),
      start: seconds('start').nullable().optional(),
      end: seconds('end').nullable().optional(),
      expires_at: z.iso
        .datetime({ offset: true, error: 'Give the expiry as a date and time, e.g. 2030-01-31T12:00:00Z.' })
        .nullable()
        .optional(),
      password: z
        .string({ error: 'The password must be text.' })
        .min(SHARE_PASSWORD_MIN, `A link password needs at least ${SHARE_PASSWORD_MIN} characters.`)
        .max(SHARE_PASSWORD_MAX, `A link password can be at most ${SHARE_PASSWORD_MAX} characters.`)
        .nullable()
        .optional(),
      allow_download: z.boolean({ error: 'allow_download is true or false.' }).optional(),
    },
    { error: `This field is not part of a share. ${FIELDS}` },
  )
  .superRefine((input, ctx) => {
    const note = input.note_id !== undefined;
    const pad = input.pad_id !== undefined;
    if (note === pad) {
      ctx.addIssue({
        code: 'custom',
        path: ['note_id'],
        message: note
          ? 'Share either a note or a pad, not both: send note_id or pad_id.'
          : 'Choose what to share: send note_id for a note or pad_id for a pad.',
      });
      return;
    }
    const ranged = (input.start ?? null) !== null || (input.end ?? null) !== null;
    if (pad && ranged) {
      ctx.addIssue({
        code: 'custom',
        path: ['start'],
        message: 'A pad is shared whole: leave out start and end, or share one note.',
      });
    }
    if (typeof input.start === 'number' && typeof input.end === 'number' && input.end <= input.start) {
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: 'The end of the range must come after its start.',
      });
    }
  });
export type CreateShare = z.input<typeof createShareSchema>;
export type CreateShareInput = z.output<typeof createShareSchema>;

export const shareSchema = z.object({
  id: z.string(),
  kind: z.enum(SHARE_KINDS),
  /** The shared note (note and range shares); null for a pad share. */
  note_id: z.string().nullable(),
  /** The shared pad, or the pad the shared note is in. */
  pad_id: z.string(),
  /** The note's title or the pad's name, as they are now. */
  title: z.string(),
  /** Seconds into the note; null unless a range is shared. */
  start: z.number().nullable(),
  end: z.number().nullable(),
  /** Null: never. An expired link stays listed but answers like a revoked one. */
  expires_at: z.string().nullable(),
  has_password: z.boolean(),
  allow_download: z.boolean(),
  view_count: z.number().int(),
  last_viewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

/** The answer to creating a share: the only time its link (with the token) is shown. */
export const createdShareSchema = shareSchema.extend({ url: z.string() });
export type CreatedShare = z.infer<typeof createdShareSchema>;

export const shareListSchema = z.object({
  results: z.array(shareSchema),
  /** How many links one account may hold. */
  limit: z.number().int(),
});
export type ShareList = z.infer<typeof shareListSchema>;

/** `GET /shares/?note_id=` or `?pad_id=`: the links of one note or pad. */
export const shareListQuerySchema = z.object({
  note_id: z.string({ error: 'note_id names one of your notes.' }).min(1).max(64).optional(),
  pad_id: z.string({ error: 'pad_id names one of your pads.' }).min(1).max(64).optional(),
});

export const unlockShareSchema = z.strictObject(
  {
    password: z
      .string({ error: 'Type the password you were given with the link.' })
      .min(1, 'Type the password you were given with the link.')
      .max(SHARE_PASSWORD_MAX, 'That password is longer than any link password.'),
  },
  { error: 'Send only the password: {"password": "..."}.' },
);
export type UnlockShare = z.input<typeof unlockShareSchema>;

/** One note as a visitor sees it: no ids, only its place in the share. */
export const publicSharedNoteSchema = z.object({
  /** 0-based place in the share (the pad's notes, oldest first). */
  index: z.number().int(),
  title: z.string(),
  /** Of what is shared: the range's length for a range share. */
  duration_seconds: z.number().nullable(),
  transcript: z.string().nullable(),
  /** Word timings, from 0 at the start of what is shared; `speaker` names one of `speakers`. */
  segments: z.array(transcriptSegmentSchema),
  /** Who speaks in what is shared (ADR 0053): their names, under the ids the segments give. */
  speakers: z.array(noteSpeakerSchema).default([]),
  audio_url: z.string(),
  /** Null unless the owner allowed downloads. */
  download_url: z.string().nullable(),
});
export type PublicSharedNote = z.infer<typeof publicSharedNoteSchema>;

export const publicShareSchema = z.discriminatedUnion('locked', [
  /** The link asks for a password first (POST .../unlock). */
  z.object({ locked: z.literal(true), kind: z.enum(SHARE_KINDS) }),
  z.object({
    locked: z.literal(false),
    kind: z.enum(SHARE_KINDS),
    /** The note's title, or the pad's name. */
    title: z.string(),
    expires_at: z.string().nullable(),
    allow_download: z.boolean(),
    notes: z.array(publicSharedNoteSchema),
  }),
]);
export type PublicShare = z.infer<typeof publicShareSchema>;

export const SHARES_PATH = '/api/v1/shares/';
export const sharePath = (shareId: string) => `${SHARES_PATH}${encodeURIComponent(shareId)}/`;
export const PUBLIC_SHARES_PATH = '/api/v1/public/shares/';
export const publicSharePath = (token: string) => `${PUBLIC_SHARES_PATH}${encodeURIComponent(token)}/`;
export const publicShareUnlockPath = (token: string) => `${publicSharePath(token)}unlock`;
/** The audio of a note or range share (`index` undefined), or of a pad share's note. */
export function publicShareAudioPath(token: string, index?: number): string {
  return index === undefined
    ? `${publicSharePath(token)}audio`
    : `${publicSharePath(token)}notes/${index}/audio`;
}
/** The web page a link opens. */
export const sharePagePath = (token: string) => `/s/${encodeURIComponent(token)}`;

/** Seconds as a clock reading for ranges: "1:15", "1:02:03". */
export function formatShareClock(totalSeconds: number): string {
  const whole = Math.floor(totalSeconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * A clock reading typed by a person ("0:42", "1:02:03", "75", "1:15.5") as seconds; undefined
 * when it is not one.
 */
export function parseShareClock(text: string): number | undefined {
  const match = /^\s*(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return undefined;
  const [, hours, minutes, seconds] = match;
  if ((minutes !== undefined || hours !== undefined) && Number(seconds) >= 60) return undefined;
  if (hours !== undefined && Number(minutes) >= 60) return undefined;
  return Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds);
}
