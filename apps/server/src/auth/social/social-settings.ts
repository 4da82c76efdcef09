import { z } from 'zod';

/** An OpenID Connect provider found through its discovery document. */
export interface OidcProviderSettings {
  kind: 'oidc';
  id: string;
  name: string;
  /** Issuer (discovery at `/.well-known/openid-configuration`) or the discovery document's URL. */
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** GitHub speaks OAuth 2 without OpenID Connect: fixed endpoints, the user read from its API. */
export interface GitHubProviderSettings {
  kind: 'github';
  id: 'github';
  name: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** https://github.com, or a GitHub Enterprise server. */
  webUrl: string;
  /** https://api.github.com, or a GitHub Enterprise server's `/api/v3`. */
  apiUrl: string;
}

export type SocialProviderSettings = OidcProviderSettings | GitHubProviderSettings;

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GITHUB_WEB_URL = 'https://github.com';
export const GITHUB_API_URL = 'https://api.github.com';
const DEFAULT_OIDC_SCOPE = 'openid email profile';

const providerId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'must be 1-40 lower-case letters, digits, - or _');

const oidcEntry = z
  .object({
    id: providerId,
    name: z.string().min(1).max(60),
    issuer: z.url().optional(),
    discovery_url: z.url().optional(),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    scope: z.string().min(1).optional(),
  })
  .strict()
  .refine((e) => (e.issuer === undefined) !== (e.discovery_url === undefined), {
    message: 'give exactly one of issuer and discovery_url',
  });

/** SOCIAL_PROVIDERS: a JSON array of OpenID Connect providers. */
export const socialProvidersJson = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
    const result = z.array(oidcEntry).safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: `[${issue.path.join('.')}] ${issue.message}` });
      }
      return z.NEVER;
    }
    return result.data;
  });

export interface SocialEnv {
  SOCIAL_PROVIDERS: z.infer<typeof socialProvidersJson>;
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  GITHUB_CLIENT_ID?: string | undefined;
  GITHUB_CLIENT_SECRET?: string | undefined;
  GITHUB_URL: string;
  GITHUB_API_URL: string;
}

/** Builds the provider list, or the problems found (reported with the rest of the config). */
export function resolveSocialProviders(env: SocialEnv): {
  providers: SocialProviderSettings[];
  problems: string[];
} {
  const problems: string[] = [];
  const providers: SocialProviderSettings[] = env.SOCIAL_PROVIDERS.map((e) => ({
    kind: 'oidc',
    id: e.id,
    name: e.name,
    discoveryUrl: (e.discovery_url ?? e.issuer)!,
    clientId: e.client_id,
    clientSecret: e.client_secret,
    scope: e.scope ?? DEFAULT_OIDC_SCOPE,
  }));
  const pair = (name: string, id: string | undefined, secret: string | undefined) => {
    if (Boolean(id) !== Boolean(secret)) {
      problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both or neither`);
      return undefined;
    }
    return id && secret ? { clientId: id, clientSecret: secret } : undefined;
  };
  const google = pair('GOOGLE', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
  if (google) {
    providers.push({
      kind: 'oidc',
      id: 'google',
      name: 'Google',
      discoveryUrl: GOOGLE_ISSUER,
      scope: DEFAULT_OIDC_SCOPE,
      ...google,
    });
  }
  const github = pair('GITHUB', env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET);
  if (github) {
    providers.push({
      kind: 'github',
      id: 'github',
      name: 'GitHub',
      scope: 'read:user user:email',
      webUrl: env.GITHUB_URL.replace(/\/+$/, ''),
      apiUrl: env.GITHUB_API_URL.replace(/\/+$/, ''),
      ...github,
    });
  }
  const seen = new Set<string>();
  for (const p of providers) {
    if (seen.has(p.id)) problems.push(`social provider id "${p.id}" is configured twice`);
    seen.add(p.id);
  }
  return { providers, problems };
}

/** The http (loopback) origins of configured providers, for the CSP's form-action (https: is allowed). */
export function socialFormActionOrigins(providers: SocialProviderSettings[]): string[] {
  const urls = providers.map((p) => (p.kind === 'github' ? p.webUrl : p.discoveryUrl));
  return [
    ...new Set(
      urls
        .map((u) => new URL(u))
        .filter((u) => u.protocol === 'http:')
        .map((u) => u.origin),
    ),
  ];
}
