import { z } from 'zod';
import { AUTH_BASE_PATH, SESSION_HINT_COOKIE } from './auth-paths.ts';

/**
 * Shapes of the allauth headless browser API we serve at `/_headless/browser/v1/`.
 * They mirror allauth-headless-openapi.yaml; the server's conformance tests validate
 * real responses against that file, these types keep both apps in step.
 */
export { AUTH_BASE_PATH, SESSION_HINT_COOKIE };

export const userSchema = z.object({
  id: z.union([z.string(), z.number()]),
  display: z.string(),
  has_usable_password: z.boolean(),
  email: z.string().optional(),
  username: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const FLOW_IDS = [
  'login',
  'login_by_code',
  'mfa_authenticate',
  // Passkey login and signup, and "trust this browser": allauth names them in its flows
  // (the OpenAPI file's description lists them; its Flow enum leaves them out).
  'mfa_login_webauthn',
  'mfa_reauthenticate',
  'mfa_signup_webauthn',
  'mfa_trust',
  'provider_redirect',
  'provider_signup',
  'provider_token',
  'reauthenticate',
  'signup',
  'verify_email',
  'verify_phone',
] as const;
export type FlowId = (typeof FLOW_IDS)[number];

export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  client_id: z.string().optional(),
  openid_configuration_url: z.string().optional(),
  flows: z.array(z.enum(['provider_redirect', 'provider_token'])),
});
export type Provider = z.infer<typeof providerSchema>;

export const flowSchema = z.object({
  id: z.enum(FLOW_IDS),
  is_pending: z.literal(true).optional(),
  providers: z.array(z.string()).optional(),
  provider: providerSchema.optional(),
  /** mfa_reauthenticate: the authenticator types the user can reauthenticate with (allauth's). */
  types: z.array(z.enum(['totp', 'recovery_codes', 'webauthn'])).optional(),
});
export type Flow = z.infer<typeof flowSchema>;

export const authenticationMethodSchema = z.object({
  method: z.string(),
  at: z.number(),
  email: z.string().optional(),
  username: z.string().optional(),
  provider: z.string().optional(),
  uid: z.string().optional(),
});

const metaSchema = z.object({ is_authenticated: z.boolean() });

export const authenticatedResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ user: userSchema, methods: z.array(authenticationMethodSchema) }),
  meta: metaSchema,
});
export type AuthenticatedResponse = z.infer<typeof authenticatedResponseSchema>;

export const authenticationResponseSchema = z.object({
  status: z.literal(401),
  data: z.object({ flows: z.array(flowSchema) }),
  meta: metaSchema,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

export const sessionGoneResponseSchema = z.object({
  status: z.literal(410),
  data: z.object({}).loose(),
  meta: metaSchema,
});

export const authErrorResponseSchema = z.object({
  status: z.number().int(),
  errors: z.array(z.object({ code: z.string(), message: z.string(), param: z.string().optional() })),
});
export type AuthErrorResponse = z.infer<typeof authErrorResponseSchema>;

/** Every answer the session endpoint can give. */
export const sessionResponseSchema = z.union([
  authenticatedResponseSchema,
  authenticationResponseSchema,
  sessionGoneResponseSchema,
]);
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const authConfigResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({
    account: z.object({
      authentication_method: z.string(),
      login_methods: z.array(z.enum(['email', 'username'])),
      is_open_for_signup: z.boolean(),
      email_verification_by_code_enabled: z.boolean(),
      login_by_code_enabled: z.boolean(),
      password_reset_by_code_enabled: z.boolean(),
    }),
    socialaccount: z.object({ providers: z.array(providerSchema) }).optional(),
    mfa: z
      .object({
        supported_types: z.array(z.string()),
        passkey_login_enabled: z.boolean().optional(),
        /** Voxpad's own: the origin browsers accept passkeys at (PUBLIC_URL), null when they refuse it. */
        passkey_origin: z.string().nullable().optional(),
      })
      .optional(),
  }),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

export const loginRequestSchema = z.object({
  username: z.string().optional(),
  email: z.string().optional(),
  password: z.string(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signupRequestSchema = z.object({
  email: z.string(),
  /** Optional unless the server requires usernames: left out, one is derived from the email. */
  username: z.string().optional(),
  password: z.string(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * How long a mailed link works, in days: email confirmation (allauth's
 * ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS) and password reset (Django's PASSWORD_RESET_TIMEOUT).
 */
export const EMAIL_LINK_LIFETIME_DAYS = 3;

/** How long an emailed login code works (allauth's ACCOUNT_LOGIN_BY_CODE_TIMEOUT). */
export const LOGIN_CODE_LIFETIME_SECONDS = 180;

/**
 * The codes the server's provider flow sends the browser back with in `?error=` (ADR 0012), on
 * the login callback and in the account area's connections; both sides name them from here.
 */
export const PROVIDER_ERROR_CODES = [
  'unknown_provider',
  'invalid_request',
  'not_authenticated',
  'reauthentication_required',
  'provider_unavailable',
  'cancelled',
  'provider_error',
  'state_mismatch',
  'signup_closed',
  'account_in_use',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export function isProviderErrorCode(code: string): code is ProviderErrorCode {
  return (PROVIDER_ERROR_CODES as readonly string[]).includes(code);
}
