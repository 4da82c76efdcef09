import * as oidc from 'openid-client';
import type { Provider } from '@voxpad/shared/auth';
import {
  idTokenConfiguration,
  InvalidIdTokenError,
  verifyIdToken,
  type HandedOverToken,
} from './id-token.ts';
import type { GitHubProviderSettings, SocialProviderSettings } from './social-settings.ts';

/** Who the provider says the person is. */
export interface ProviderIdentity {
  /** The provider's stable id for the account (OIDC `sub`, GitHub's numeric id). */
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** A username to suggest (preferred_username, GitHub login), if any. */
  username: string | null;
  display: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface AuthorizationResult {
  /** Our callback URL as the provider called it, query included. */
  currentUrl: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The answer a provider gave on the callback, turned into one of the web app's error codes. */
export class ProviderLoginError extends Error {
  constructor(
    readonly code: 'cancelled' | 'provider_error' | 'state_mismatch',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderLoginError';
  }
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const TIMEOUT_SECONDS = 10;

/** Plain http is accepted only for providers on this machine (development, tests). */
function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(hostname);
}

/**
 * The configured providers and their OAuth clients (openid-client). OpenID Connect metadata is
 * discovered on first use and kept for an hour, so a provider that is down at start does not
 * stop the server, and one that comes back is picked up.
 */
export class SocialProviders {
  private readonly byId: Map<string, SocialProviderSettings>;
  private readonly configurations = new Map<string, { config: oidc.Configuration; at: number }>();
  /** Per provider, the ID-token checking copy of the discovered configuration it was made from. */
  private readonly tokenConfigurations = new Map<
    string,
    { from: oidc.Configuration; config: oidc.Configuration }
  >();

  constructor(providers: SocialProviderSettings[]) {
    this.byId = new Map(providers.map((p) => [p.id, p]));
  }

  list(): SocialProviderSettings[] {
    return [...this.byId.values()];
  }

  get(id: string): SocialProviderSettings | undefined {
    return this.byId.get(id);
  }

  /** allauth's Provider object, as `config` lists it. */
  static present(provider: SocialProviderSettings): Provider {
    return {
      id: provider.id,
      name: provider.name,
      client_id: provider.clientId,
      // OpenID Connect providers also take ID tokens the client got by itself (auth/provider/token).
      flows: provider.kind === 'oidc' ? ['provider_redirect', 'provider_token'] : ['provider_redirect'],
      ...(provider.kind === 'oidc'
        ? { openid_configuration_url: openIdConfigurationUrl(provider.discoveryUrl) }
        : {}),
    };
  }

  async authorizationUrl(provider: SocialProviderSettings, request: AuthorizationRequest): Promise<URL> {
    const config = await this.configuration(provider);
    const parameters: Record<string, string> = {
      redirect_uri: request.redirectUri,
      scope: provider.scope,
      state: request.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (provider.kind === 'oidc') parameters.nonce = request.nonce;
    return oidc.buildAuthorizationUrl(config, parameters);
  }

  /** Exchanges the code (PKCE, state and, for OpenID Connect, nonce checked) and reads the person. */
  async complete(provider: SocialProviderSettings, result: AuthorizationResult): Promise<ProviderIdentity> {
    const error = result.currentUrl.searchParams.get('error');
    if (error) {
      throw new ProviderLoginError(
        error === 'access_denied' ? 'cancelled' : 'provider_error',
        `the provider answered ${error}`,
      );
    }
    const config = await this.configuration(provider);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, result.currentUrl, {
        pkceCodeVerifier: result.codeVerifier,
        expectedState: result.state,
        ...(provider.kind === 'oidc' ? { expectedNonce: result.nonce, idTokenExpected: true } : {}),
      });
    } catch (cause) {
      throw new ProviderLoginError('provider_error', 'the authorization code could not be redeemed', {
        cause,
      });
    }
    return provider.kind === 'github'
      ? gitHubIdentity(provider, tokens.access_token)
      : this.oidcIdentity(config, tokens);
  }

  /**
   * allauth's provider token flow: who an ID token the client obtained by itself names, once
   * it verified (see verifyIdToken). Throws InvalidIdTokenError for anything not accepted.
   */
  async identityFromIdToken(
    provider: SocialProviderSettings,
    token: HandedOverToken,
  ): Promise<ProviderIdentity> {
    if (provider.kind !== 'oidc') throw new InvalidIdTokenError(`${provider.id} does not issue ID tokens`);
    if (token.clientId !== provider.clientId)
      throw new InvalidIdTokenError('the token is for another client');
    const discovered = await this.configuration(provider);
    let cached = this.tokenConfigurations.get(provider.id);
    if (cached?.from !== discovered) {
      cached = {
        from: discovered,
        config: idTokenConfiguration(discovered, provider.clientId, {
          insecureLoopback: isLoopbackHttp(provider.discoveryUrl),
          timeoutSeconds: TIMEOUT_SECONDS,
        }),
      };
      this.tokenConfigurations.set(provider.id, cached);
    }
    const idClaims = await verifyIdToken(cached.config, token);
    return this.identityFromClaims(discovered, idClaims, token.accessToken);
  }

  private async oidcIdentity(
    config: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<ProviderIdentity> {
    const idClaims = tokens.claims();
    if (!idClaims) throw new ProviderLoginError('provider_error', 'the provider sent no ID token');
    return this.identityFromClaims(config, idClaims, tokens.access_token);
  }

  /** The person from verified ID token claims, completed by userinfo when an access token allows. */
  private async identityFromClaims(
    config: oidc.Configuration,
    idClaims: oidc.IDToken,
    accessToken: string | undefined,
  ): Promise<ProviderIdentity> {
    let claims: Record<string, unknown> = { ...idClaims };
    // Many providers (oidc-provider among them) put email and profile only in userinfo.
    if (accessToken && config.serverMetadata().userinfo_endpoint) {
      try {
        const info = await oidc.fetchUserInfo(config, accessToken, idClaims.sub);
        claims = { ...info, ...claims, ...definedOnly(info) };
      } catch (cause) {
        throw new ProviderLoginError('provider_error', 'the userinfo request failed', { cause });
      }
    }
    const email = typeof claims.email === 'string' && claims.email ? claims.email : null;
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    const username = typeof claims.preferred_username === 'string' ? claims.preferred_username : null;
    const name = typeof claims.name === 'string' ? claims.name : null;
    return {
      uid: idClaims.sub,
      email,
      emailVerified: email !== null && verified,
      username,
      display: name ?? username ?? email ?? idClaims.sub,
    };
  }

  private async configuration(provider: SocialProviderSettings): Promise<oidc.Configuration> {
    const cached = this.configurations.get(provider.id);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = provider.kind === 'github' ? gitHubConfiguration(provider) : await discover(provider);
    this.configurations.set(provider.id, { config, at: Date.now() });
    return config;
  }
}

function definedOnly(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined && v !== null));
}

function openIdConfigurationUrl(discoveryUrl: string): string {
  if (discoveryUrl.includes('/.well-known/')) return discoveryUrl;
  return `${discoveryUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

async function discover(provider: Extract<SocialProviderSettings, { kind: 'oidc' }>) {
  try {
    return await oidc.discovery(
      new URL(provider.discoveryUrl),
      provider.clientId,
      provider.clientSecret,
      undefined,
      {
        timeout: TIMEOUT_SECONDS,
        ...(isLoopbackHttp(provider.discoveryUrl) ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    );
  } catch (cause) {
    throw new ProviderUnavailableError(provider.id, cause);
  }
}

/** The provider's metadata could not be fetched. */
export class ProviderUnavailableError extends Error {
  constructor(provider: string, cause: unknown) {
    super(`The provider ${provider} could not be reached`, { cause });
    this.name = 'ProviderUnavailableError';
  }
}

function gitHubConfiguration(provider: GitHubProviderSettings): oidc.Configuration {
  const config = new oidc.Configuration(
    {
      issuer: provider.webUrl,
      authorization_endpoint: `${provider.webUrl}/login/oauth/authorize`,
      token_endpoint: `${provider.webUrl}/login/oauth/access_token`,
    },
    provider.clientId,
    provider.clientSecret,
  );
  config.timeout = TIMEOUT_SECONDS;
  if (isLoopbackHttp(provider.webUrl)) oidc.allowInsecureRequests(config);
  return config;
}

interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
}
interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

async function gitHubIdentity(
  provider: GitHubProviderSettings,
  accessToken: string,
): Promise<ProviderIdentity> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${provider.apiUrl}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${accessToken}`,
        'user-agent': 'Voxpad',
      },
      signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    });
    if (!response.ok)
      throw new ProviderLoginError('provider_error', `GitHub ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const user = await get<GitHubUser>('/user');
  const emails = await get<GitHubEmail[]>('/user/emails');
  const primary = emails.find((e) => e.primary) ?? emails.find((e) => e.verified) ?? emails[0];
  return {
    uid: String(user.id),
    email: primary?.email ?? null,
    emailVerified: primary?.verified === true,
    username: user.login,
    display: user.name ?? user.login,
  };
}
