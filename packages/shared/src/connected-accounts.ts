import { z } from 'zod';
import { providerSchema } from './auth.ts';

/**
 * allauth's connected third-party accounts (`account/providers`), as in
 * allauth-headless-openapi.yaml; the server's conformance suite checks real answers against it.
 */
export const providerAccountSchema = z.object({
  uid: z.string(),
  display: z.string(),
  provider: providerSchema,
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

/** DELETE account/providers: which connected account to let go of. */
export const disconnectProviderRequestSchema = z.object({
  provider: z.string().trim().min(1).max(40),
  account: z.string().min(1).max(255),
});
export type DisconnectProviderRequest = z.infer<typeof disconnectProviderRequestSchema>;
