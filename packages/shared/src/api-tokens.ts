import { z } from 'zod';

/** Personal API tokens: for scripts and OpenAI-compatible clients (`Authorization: Bearer`). */
export const API_TOKEN_NAME_MAX = 100;
/** Lifetimes offered when a token is made, in days; null (or leaving it out) means it never expires. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number];

export const createApiTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the token a name, e.g. the script or device that will use it.')
    .max(API_TOKEN_NAME_MAX, `A token name can be at most ${API_TOKEN_NAME_MAX} characters.`),
  expires_in_days: z
    .literal(API_TOKEN_EXPIRY_DAYS, {
      error: `Choose when the token expires: in ${API_TOKEN_EXPIRY_DAYS.slice(0, -1).join(', ')} or ${API_TOKEN_EXPIRY_DAYS.at(-1)} days, or never (null).`,
    })
    .nullable()
    .optional(),
});
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Null: never. An expired token stays listed (so its owner sees why a script stopped) but is refused. */
  expires_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the token itself is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ results: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
