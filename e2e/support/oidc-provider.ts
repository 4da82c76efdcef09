// The e2e tests log in through the same loopback OpenID provider the API tests use.
import type { TestIdp } from '../../apps/server/test/support/oidc-provider.ts';
export { startTestIdp, type IdpUser, type TestIdp } from '../../apps/server/test/support/oidc-provider.ts';

/** How the built server signs in at the test provider: its client there. */
export interface IdpClientCredentials {
  client_id: string;
  client_secret: string;
}

/** The server's SOCIAL_PROVIDERS setting naming `idp` "Local ID" (id `localid`). */
export function localIdProviderSetting(idp: TestIdp, client: IdpClientCredentials): string {
  return JSON.stringify([{ id: 'localid', name: 'Local ID', issuer: idp.issuer, ...client }]);
}

/** Registers the server at `baseUrl` as `client` at `idp`, with its Local ID callback. */
export function registerAtLocalId(idp: TestIdp, client: IdpClientCredentials, baseUrl: string): void {
  idp.addClient({
    ...client,
    redirect_uris: [`${baseUrl}/_headless/browser/v1/auth/provider/callback/localid`],
  });
}
