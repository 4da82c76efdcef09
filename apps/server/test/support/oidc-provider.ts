import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider';

/** A person at the test identity provider. */
export interface IdpUser {
  id: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

export interface IdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestIdp {
  issuer: string;
  /** Registers a client; call before the first request reaches the provider. */
  addClient(client: IdpClient): void;
  /** Adds or replaces a person. */
  addUser(user: IdpUser): void;
  /**
   * An RS256 ID token with these claims, signed with the provider's own published key (`kid`
   * "test"), or with `signer: 'stranger'` by a key it never published, under the same `kid`.
   */
  signIdToken(claims: Record<string, unknown>, options?: { signer?: 'provider' | 'stranger' }): string;
  close(): Promise<void>;
}

function signJwt(claims: Record<string, unknown>, key: JsonWebKey): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', kid: 'test', typ: 'JWT' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(input), createPrivateKey({ key, format: 'jwk' }));
  return `${input}.${signature.toString('base64url')}`;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port. Its login and consent
 * step is one small page, `/interaction/:uid`, with a button per test user and a "Deny"
 * button; it also takes `?account=<id>` or `?deny=1` so that plain HTTP tests can drive it.
 */
export async function startTestIdp(users: IdpUser[] = []): Promise<TestIdp> {
  const people = new Map(users.map((u) => [u.id, u]));
  const clients: IdpClient[] = [];
  let provider: Provider | undefined;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function oidc(): Provider {
    if (provider) return provider;
    const configuration: Configuration = {
      clients: clients.map((c) => ({
        ...c,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      async findAccount(_ctx, id) {
        const person = people.get(id);
        if (!person) return undefined;
        return {
          accountId: id,
          claims: () => {
            const { id: sub, ...claims } = person;
            return { sub, ...claims };
          },
        };
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'preferred_username'],
      },
      cookies: { keys: ['voxpad-test-idp-cookie-key'] },
      jwks: { keys: [{ ...signingKey, alg: 'RS256', use: 'sig', kid: 'test' }] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      adapter: MemoryAdapter,
    };
    provider = new Provider(issuer, configuration);
    return provider;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    if (!match) return oidc().callback()(req, res);
    const idp = oidc();
    let choice = new URLSearchParams(url.search);
    if (req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      choice = new URLSearchParams(body);
    }
    const details = await idp.interactionDetails(req, res);
    if (choice.get('deny')) {
      return idp.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person said no.' },
        { mergeWithLastSubmission: false },
      );
    }
    const accountId = choice.get('account');
    if (accountId && people.has(accountId)) {
      const grant = new idp.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      return idp.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    }
    const buttons = [...people.values()]
      .map(
        (p) =>
          `<button type="submit" name="account" value="${escape(p.id)}">Sign in as ${escape(p.id)}</button>`,
      )
      .join('\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Test identity provider</title>
<h1>Test identity provider</h1>
<form method="post" action="/interaction/${escape(details.uid)}">
${buttons}
<button type="submit" name="deny" value="1">Deny</button>
</form>`);
  }

  return {
    issuer,
    addClient: (client) => {
      if (provider) throw new Error('add clients before the first request');
      clients.push(client);
    },
    addUser: (user) => people.set(user.id, user),
    signIdToken: (claims, options = {}) =>
      signJwt(
        claims,
        options.signer === 'stranger'
          ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
          : signingKey,
      ),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** oidc-provider's storage, kept in this process (the provider lives as long as the test). */
const stored = new Map<string, AdapterPayload>();
class MemoryAdapter implements Adapter {
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  upsert(id: string, payload: AdapterPayload): Promise<undefined> {
    stored.set(this.key(id), payload);
    if (payload.grantId) stored.set(`grant:${payload.grantId}:${this.key(id)}`, { uid: id });
    return Promise.resolve(undefined);
  }
  find(id: string): Promise<AdapterPayload | undefined> {
    return Promise.resolve(stored.get(this.key(id)));
  }
  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return Promise.resolve([...stored.values()].find((p) => p.uid === uid && p.kind === this.model));
  }
  consume(id: string): Promise<undefined> {
    const payload = stored.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve(undefined);
  }
  destroy(id: string): Promise<undefined> {
    stored.delete(this.key(id));
    return Promise.resolve(undefined);
  }
  revokeByGrantId(grantId: string): Promise<undefined> {
    for (const [key, payload] of stored) if (payload.grantId === grantId) stored.delete(key);
    return Promise.resolve(undefined);
  }
}

/**
 * Plays a fresh browser at the provider: follows its redirects from `location` (the authorize
 * URL our app sent the browser to) with its own cookie jar, answering the interaction page
 * with `choice` (`{account: id}` or `{deny: '1'}`), until the provider sends the browser back
 * to `appBaseUrl`. Returns that URL (our callback, with code and state).
 */
export async function passThroughIdp(
  location: string,
  appBaseUrl: string,
  choice: Record<string, string>,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(location);
  for (let hops = 0; hops < 20; hops++) {
    if (url.origin === appBaseUrl) return url;
    if (url.pathname.startsWith('/interaction/')) {
      for (const [k, v] of Object.entries(choice)) url.searchParams.set(k, v);
    }
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const next = res.headers.get('location');
    if (!next) throw new Error(`the provider stopped at ${url.href} with ${res.status}: ${await res.text()}`);
    url = new URL(next, url);
  }
  throw new Error('too many redirects at the provider');
}
