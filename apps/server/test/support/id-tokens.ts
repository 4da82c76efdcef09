import * as oidc from 'openid-client';
import { AUTH } from './accounts.ts';
import { PROVIDER } from './app-with-provider.ts';
import { passThroughIdp, type TestIdp } from './oidc-provider.ts';

export interface IssuedTokens {
  idToken: string;
  accessToken: string;
}

/**
 * What a mobile app would hold after signing `account` in at the test provider by itself: a
 * real authorization code flow (PKCE, and the nonce when given) run as our provider client,
 * ending in the provider's own ID token and access token.
 */
export async function tokensFromIdp(
  idp: TestIdp,
  appBaseUrl: string,
  account: string,
  options: { nonce?: string } = {},
): Promise<IssuedTokens> {
  const config = await oidc.discovery(
    new URL(idp.issuer),
    PROVIDER.clientId,
    PROVIDER.clientSecret,
    undefined,
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const authorize = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${appBaseUrl}${AUTH}/auth/provider/callback/${PROVIDER.id}`,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(options.nonce ? { nonce: options.nonce } : {}),
  });
  const callback = await passThroughIdp(authorize.href, appBaseUrl, { account });
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: codeVerifier,
    ...(options.nonce ? { expectedNonce: options.nonce } : {}),
    idTokenExpected: true,
  });
  if (!tokens.id_token) throw new Error('the provider issued no ID token');
  return { idToken: tokens.id_token, accessToken: tokens.access_token };
}
