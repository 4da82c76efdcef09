import type { TestClient, TestResponse } from './http-client.ts';
import { AUTH } from './accounts.ts';
import type { CreationOptionsJSON, RequestOptionsJSON, SoftAuthenticator } from './soft-authenticator.ts';

/** allauth's WebAuthnCreationOptionsResponse. */
export interface CreationEnvelope {
  status: number;
  data: { creation_options: { publicKey: CreationOptionsJSON } };
}

/** allauth's WebAuthnRequestOptionsResponse. */
export interface RequestEnvelope {
  status: number;
  data: { request_options: { publicKey: RequestOptionsJSON } };
}

export interface PasskeyBody {
  status: number;
  data: {
    type: 'webauthn';
    id: number;
    name: string;
    is_passwordless?: boolean;
    last_used_at: number | null;
  };
  meta?: { recovery_codes_generated: boolean };
}

export interface MethodsBody {
  status: number;
  data: {
    user: { id: string; has_usable_password: boolean };
    methods: { method: string; type?: string; passwordless?: boolean; reauthenticated?: boolean }[];
  };
  meta: { is_authenticated: boolean };
}

export const WEBAUTHN_ACCOUNT = `${AUTH}/account/authenticators/webauthn`;

/** GET creation options and answer them with the soft authenticator (the browser's create()). */
export async function createCredential(
  client: TestClient,
  authenticator: SoftAuthenticator,
  path = `${WEBAUTHN_ACCOUNT}?passwordless`,
) {
  const options = await client.get<CreationEnvelope>(path);
  if (options.status !== 200) throw new Error(`creation options answered ${options.status}: ${options.text}`);
  return authenticator.create(options.body.data.creation_options.publicKey);
}

/** Adds a passkey to the logged-in account, as the account page does. */
export async function addPasskey(
  client: TestClient,
  authenticator: SoftAuthenticator,
  name?: string,
): Promise<TestResponse<PasskeyBody>> {
  const credential = await createCredential(client, authenticator);
  return client.post<PasskeyBody>(WEBAUTHN_ACCOUNT, { ...(name ? { name } : {}), credential });
}

/** GET request options at `path` (an auth/webauthn/* endpoint) and sign them: the browser's get(). */
export async function signRequest(
  client: TestClient,
  authenticator: SoftAuthenticator,
  path: string,
  options: Parameters<SoftAuthenticator['get']>[1] = {},
) {
  const res = await client.get<RequestEnvelope>(path);
  if (res.status !== 200) throw new Error(`request options answered ${res.status}: ${res.text}`);
  return authenticator.get(res.body.data.request_options.publicKey, options);
}

/** A passkey login from start to end. */
export async function passkeyLogin(client: TestClient, authenticator: SoftAuthenticator) {
  const credential = await signRequest(client, authenticator, `${AUTH}/auth/webauthn/login`);
  return client.post<MethodsBody>(`${AUTH}/auth/webauthn/login`, { credential });
}
