import { z } from 'zod';
import { LIMITS } from './limits.ts';

const name = z
  .string({ error: 'Give the pad a name.' })
  .trim()
  .min(1, 'Give the pad a name.')
  .max(LIMITS.padNameMax, `A pad name can be at most ${LIMITS.padNameMax} characters.`);
const description = z
  .string()
  .trim()
  .max(LIMITS.padDescriptionMax, `A description can be at most ${LIMITS.padDescriptionMax} characters.`);

/** The fixed palette a pad's colour comes from; the web app maps each name to its own shades. */
export const PAD_COLORS = ['slate', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'violet'] as const;
export type PadColor = (typeof PAD_COLORS)[number];
export const DEFAULT_PAD_COLOR: PadColor = 'slate';
export const padColorSchema = z.enum(PAD_COLORS, {
  error: `Choose one of these colours: ${PAD_COLORS.join(', ')}.`,
});

/** An icon is one emoji of at most this many code points (flags and ZWJ families fit). */
export const PAD_ICON_MAX_CODE_POINTS = 8;
// Emoji_Component covers joiners, variation selectors, keycaps, skin tones, flags and tags.
const EMOJI_PARTS = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component})+$/u;
const EMOJI_CORE = /\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|\u20e3/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export function isSingleEmoji(value: string): boolean {
  return (
    [...value].length <= PAD_ICON_MAX_CODE_POINTS &&
    EMOJI_PARTS.test(value) &&
    EMOJI_CORE.test(value) &&
    [...graphemes.segment(value)].length === 1
  );
}

/** One emoji, or null for none; an empty string also means none (a cleared picker). */
export const padIconSchema = z
  .string({ error: 'The icon must be a single emoji, or null for none.' })
  .trim()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || isSingleEmoji(value), 'The icon must be a single emoji.')
  .nullable();

export const createPadSchema = z.object({
  name,
  description: description.optional().default(''),
  color: padColorSchema.optional().default(DEFAULT_PAD_COLOR),
  icon: padIconSchema.optional().default(null),
});
export type CreatePadInput = z.input<typeof createPadSchema>;

/**
 * PUT carries the pad's id alongside its fields (spec §3). `color` and `icon` may be left
 * out, which keeps their current values, so clients written before they existed still work.
 */
export const updatePadSchema = z.object({
  id: z.string().optional(),
  name,
  description: description.optional().default(''),
  color: padColorSchema.optional(),
  icon: padIconSchema.optional(),
});
export type UpdatePadInput = z.input<typeof updatePadSchema>;

export const padSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: padColorSchema,
  /** A single emoji, or null. */
  icon: z.string().nullable(),
  voice_note_count: z.number().int(),
  total_duration_seconds: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Pad = z.infer<typeof padSchema>;
