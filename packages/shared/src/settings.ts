import { z } from 'zod';

/** The account's product settings (GET/PATCH /api/v1/settings/). */
export const settingsSchema = z.object({
  /**
   * Transcripts read as people write (capitals, punctuation, numbers such as "$400"); off
   * keeps the words as the engine recognised them. Applies to transcripts made after a change:
   * notes already transcribed keep theirs until they are transcribed again.
   */
  format_transcripts: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A change to some settings; a field left out stays as it is. */
export const updateSettingsSchema = z.strictObject(
  {
    format_transcripts: z
      .boolean({ error: 'Say whether transcripts are formatted: true or false.' })
      .optional(),
  },
  { error: 'This setting does not exist. The settings are: format_transcripts.' },
);
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;
