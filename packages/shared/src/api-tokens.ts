import { z } from 'zod';

/** Personal API tokens: for scripts and OpenAI-compatible clients (`Authorization: Bearer`). */
export const API_TOKEN_NAME_MAX = 100;

export const createApiTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the token a name, e.g. the script or device that will use it.')
    .max(API_TOKEN_NAME_MAX, `A token name can be at most ${API_TOKEN_NAME_MAX} characters.`),
});
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the token itself is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ results: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
