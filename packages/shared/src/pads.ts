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
  .max(
    LIMITS.padDescriptionMax,
    `A description can be at most ${LIMITS.padDescriptionMax} characters.`,
  );

export const createPadSchema = z.object({
  name,
  description: description.optional().default(''),
});
export type CreatePadInput = z.input<typeof createPadSchema>;

/** PUT carries the pad's id alongside its fields (spec §3). */
export const updatePadSchema = z.object({
  id: z.string().optional(),
  name,
  description: description.optional().default(''),
});
export type UpdatePadInput = z.input<typeof updatePadSchema>;

export const padSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  voice_note_count: z.number().int(),
  total_duration_seconds: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Pad = z.infer<typeof padSchema>;
