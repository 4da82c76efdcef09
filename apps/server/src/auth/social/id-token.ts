import * as oidc from 'openid-client';

/** What a client hands over to `auth/provider/token` (allauth's ProviderToken `token`). */
export interface HandedOverToken {
  clientId: string;
  idToken: string;
  accessToken?: string | undefined;
  /** The nonce the client asked the provider to put in the ID token, when it used one. */
  nonce?: string | undefined;
}

/** The ID token did not pass a check; the message says which, for the logs only. */
export class InvalidIdTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidIdTokenError';
  }
}

/** A compact JWS has three base64url parts; the claims are read only to learn its nonce. */
function unverifiedNonce(idToken: string): string | undefined {
  const parts = idToken.split('.');
  if (parts.length !== 3) throw new InvalidIdTokenError('the ID token is not a compact JWS');
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch (cause) {
    throw new InvalidIdTokenError('the ID token claims are not JSON', { cause });
  }
  const nonce = (claims as { nonce?: unknown } | null)?.nonce;
  return typeof nonce === 'string' ? nonce : undefined;
}

/**
 * Verifies an ID token obtained by the client itself, with openid-client's ID token checks:
 * its signature against the provider's published keys (JWKS; never an HMAC with our secret),
 * the issuer, the audience (our client id, and `azp` when there are several), expiry and
 * issue time, and the nonce when the client names the one it used. Without one given, the
 * token's own nonce is taken as is, as allauth does; a token with no nonce at all is refused
 * (openid-client checks ID tokens only against a nonce), which docs/configuration.md says.
 */
export async function verifyIdToken(
  config: oidc.Configuration,
  token: HandedOverToken,
): Promise<oidc.IDToken> {
  const expectedNonce = token.nonce ?? unverifiedNonce(token.idToken);
  if (expectedNonce === undefined) throw new InvalidIdTokenError('the ID token carries no nonce');
  // implicitAuthentication reads the ID token from the fragment of the response URL it is given.
  const response = new URL('https://client.invalid/');
  response.hash = new URLSearchParams({ id_token: token.idToken }).toString();
  try {
    return await oidc.implicitAuthentication(config, response, expectedNonce);
  } catch (cause) {
    throw new InvalidIdTokenError('the ID token did not verify', { cause });
  }
}

/** A copy of the provider's configuration that validates handed-over ID tokens (response_type id_token). */
export function idTokenConfiguration(
  discovered: oidc.Configuration,
  clientId: string,
  options: { insecureLoopback: boolean; timeoutSeconds: number },
): oidc.Configuration {
  const config = new oidc.Configuration(discovered.serverMetadata(), clientId);
  config.timeout = options.timeoutSeconds;
  if (options.insecureLoopback) oidc.allowInsecureRequests(config);
  oidc.useIdTokenResponseType(config);
  return config;
}
