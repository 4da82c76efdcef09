import { z } from 'zod';

/**
 * Shapes of allauth's account management answers (`account/email`, `auth/sessions`), as in
 * allauth-headless-openapi.yaml; the server's conformance suite checks real answers against it.
 */

export const emailAddressSchema = z.object({
  email: z.string(),
  primary: z.boolean(),
  verified: z.boolean(),
});
export type EmailAddress = z.infer<typeof emailAddressSchema>;

/** allauth's usersessions Session; times are epoch seconds. */
export const userSessionSchema = z.object({
  id: z.number().int(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: z.number(),
  is_current: z.boolean(),
  last_seen_at: z.number().optional(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export interface AddEmailRequest {
  email: string;
}

export interface MakePrimaryEmailRequest {
  email: string;
  primary: true;
}

/** `current_password` is left out when the account has no password yet (allauth's "set"). */
export interface ChangePasswordRequest {
  current_password?: string;
  new_password: string;
}

export interface EndSessionsRequest {
  sessions: number[];
}

export interface ReauthenticateRequest {
  password: string;
}
