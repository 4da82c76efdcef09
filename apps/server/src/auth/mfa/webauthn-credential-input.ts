import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AuthInputError, requiredError } from '../auth-errors.ts';

/**
 * The `credential` field of allauth's WebAuthn requests: what the browser's
 * navigator.credentials.create() or get() answered, in its JSON form. Checked for shape here,
 * at the edge, so verification only ever sees well-formed input.
 */
const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/);

const common = {
  id: base64url.min(1).max(1400),
  rawId: base64url.min(1).max(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
  // Only credProps is read (allauth's is_passwordless); other extension results are dropped.
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .default({}),
};

const registrationSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

const authenticationSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.nullish(),
  }),
});

export type RegistrationCredential = z.infer<typeof registrationSchema>;

const unreadable = new AuthInputError([
  {
    param: 'credential',
    code: 'invalid',
    message: 'The passkey answer could not be read. Please try again with your passkey.',
  },
]);

function credentialOf(body: unknown): unknown {
  const credential =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).credential : undefined;
  if (credential === undefined || credential === null)
    throw new AuthInputError([requiredError('credential')]);
  return credential;
}

/** The new credential a registration answered with. */
export function readRegistration(body: unknown): RegistrationResponseJSON {
  const parsed = registrationSchema.safeParse(credentialOf(body));
  if (!parsed.success) throw unreadable;
  const { authenticatorAttachment, ...rest } = parsed.data;
  return {
    ...rest,
    ...(authenticatorAttachment ? { authenticatorAttachment } : {}),
    response: parsed.data.response,
  };
}

/** The signed assertion an authentication answered with. */
export function readAssertion(body: unknown): AuthenticationResponseJSON {
  const parsed = authenticationSchema.safeParse(credentialOf(body));
  if (!parsed.success) throw unreadable;
  const { authenticatorAttachment, ...rest } = parsed.data;
  const { userHandle, ...response } = parsed.data.response;
  return {
    ...rest,
    ...(authenticatorAttachment ? { authenticatorAttachment } : {}),
    response: { ...response, ...(userHandle ? { userHandle } : {}) },
  };
}

/** Whether the browser reported the credential as discoverable (credProps.rk), as allauth reads it. */
export function reportedDiscoverable(credential: RegistrationResponseJSON): boolean | undefined {
  return credential.clientExtensionResults.credProps?.rk;
}
