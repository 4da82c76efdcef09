/**
 * Speakers in a voice note (issue 23, ADR 0053): who speaks in each segment, the hint of how
 * many people speak that an upload, a re-transcription or a live stream gives, and the edits a
 * person makes to the speakers (rename, reassign, split, merge).
 */
import { z } from 'zod';

import { SPEAKER_LIMITS } from './limits.ts';

export { SPEAKER_LIMITS };

/** A speaker of one note: `id` ("S1", "S2", ...) is what segments name; `name` is shown. */
export const noteSpeakerSchema = z.object({ id: z.string(), name: z.string() });
export type NoteSpeaker = z.infer<typeof noteSpeakerSchema>;

/** The name a speaker has until a person names it: "Speaker 1" for S1. */
export function defaultSpeakerName(index: number): string {
  return `Speaker ${index + 1}`;
}

const HINT_MESSAGE = `Say how many people speak: "auto", or a whole number from 1 to ${SPEAKER_LIMITS.hintMax}.`;

/** In a JSON body (transcribe/, the live start message): "auto" or 1..8. */
export const speakersHintSchema = z
  .union([z.literal('auto'), z.number()], { error: HINT_MESSAGE })
  .refine(
    (hint) => hint === 'auto' || (Number.isInteger(hint) && hint >= 1 && hint <= SPEAKER_LIMITS.hintMax),
    {
      message: HINT_MESSAGE,
    },
  );
export type SpeakersHint = z.infer<typeof speakersHintSchema>;

/** In a query string or tus metadata: "auto" or "1".."8". */
export const speakersHintTextSchema = z
  .string({ error: HINT_MESSAGE })
  .regex(new RegExp(`^(auto|[1-${SPEAKER_LIMITS.hintMax}])$`), HINT_MESSAGE);

/** What a note stores: a number of speakers, or null to let the server find out. */
export function speakersHintCount(hint: SpeakersHint | string): number | null {
  return hint === 'auto' ? null : Number(hint);
}

/** Query of the raw upload, POST pad/{id}/voicenote/: `?speakers=auto|1..8`. */
export const uploadSpeakersQuerySchema = z.object({ speakers: speakersHintTextSchema.optional() });

/** PATCH pad/{id}/voicenote/{vid}/speakers/{sid}/: renames the speaker everywhere in the note. */
export const renameSpeakerSchema = z
  .object({
    name: z
      .string({ error: 'Give the speaker a name.' })
      .trim()
      .min(1, 'Give the speaker a name.')
      .max(SPEAKER_LIMITS.nameMax, `A speaker's name can be at most ${SPEAKER_LIMITS.nameMax} characters.`),
  })
  .strict();
export type RenameSpeaker = z.infer<typeof renameSpeakerSchema>;

const index = (what: string) =>
  z
    .number({ error: `Give the ${what} as a number from 0.` })
    .int()
    .min(0, `Give the ${what} as a number from 0.`);

/**
 * POST pad/{id}/voicenote/{vid}/speakers/reassign/, one of:
 * - `{speaker, segment}`: the whole segment (by its index) is said by `speaker`;
 * - `{speaker, segment, words: {from, to}}`: words `from`..`to` (indexes in that segment, both
 *   included) are said by `speaker`; without `segment`, the indexes count the note's words;
 * - `{split_from: {segment, word?}}`: a new speaker says everything from that word (the
 *   segment's first when absent) to the end of the turn it is in.
 */
export const reassignSpeakersSchema = z.union(
  [
    z
      .object({
        speaker: z.string({ error: 'Say which speaker says it (speaker).' }).min(1),
        segment: index('segment').optional(),
        words: z
          .object({ from: index('first word'), to: index('last word') })
          .strict()
          .refine((w) => w.to >= w.from, 'The last word cannot come before the first.')
          .optional(),
      })
      .strict()
      .refine((r) => r.segment !== undefined || r.words !== undefined, {
        message: 'Say which segment or which words (segment, words) the speaker says.',
        path: ['segment'],
      }),
    z
      .object({
        split_from: z.object({ segment: index('segment'), word: index('word').optional() }).strict(),
      })
      .strict(),
  ],
  { error: 'Give a speaker with a segment or words, or split_from.' },
);
export type ReassignSpeakers = z.infer<typeof reassignSpeakersSchema>;

/** POST pad/{id}/voicenote/{vid}/speakers/merge/: `from`'s speech becomes `into`'s; `from` goes. */
export const mergeSpeakersSchema = z
  .object({
    from: z.string({ error: 'Say which speaker to merge (from).' }).min(1),
    into: z.string({ error: 'Say which speaker to merge into (into).' }).min(1),
  })
  .strict()
  .refine((m) => m.from !== m.into, { message: 'A speaker cannot be merged into itself.', path: ['into'] });
export type MergeSpeakers = z.infer<typeof mergeSpeakersSchema>;

/** Error codes only the speaker endpoints give, beside the shared API_ERROR_CODES. */
export const SPEAKER_ERROR_CODES = {
  /** 404: the note has no speaker with that id. */
  unknownSpeaker: 'unknown_speaker',
  /** 409: the note's transcript has no speakers (yet) to edit. */
  noSpeakers: 'no_speakers',
} as const;
