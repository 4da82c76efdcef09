import { z } from 'zod';

/** An unset variable and an empty one (`VITE_SENTRY_DSN=`) mean the same: not configured. */
const optionalString = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const envSchema = z.object({
  VITE_SENTRY_DSN: optionalString.pipe(z.url().optional()),
  VITE_SENTRY_TUNNEL: optionalString,
  VITE_SUPPORT_EMAIL: optionalString.pipe(z.email().default('support@voxpad.local')),
  /** Origin of the API when it is not served from the app's own origin; empty means same origin. */
  VITE_API_URL: z
    .string()
    .trim()
    .default('')
    .transform((url) => url.replace(/\/+$/, '')),
  DEV: z.boolean(),
  PROD: z.boolean(),
  MODE: z.string(),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `- ${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid environment for the web app:\n${problems}`);
  }
  return result.data;
}

export const env: Env = parseEnv(import.meta.env);
