import { mailboxFor, verificationKeyIn } from './mailbox.ts';

/**
 * A browser-like HTTP client for tests: keeps cookies, and sends the csrftoken cookie back
 * in X-CSRFToken on unsafe methods, the way the web app does.
 */
export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  sendCsrf = true;
  /** Sent with every request, e.g. X-Forwarded-For to act as another IP behind TRUST_PROXY. */
  readonly defaultHeaders: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.defaultHeaders,
      ...options.headers,
    };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (this.sendCsrf && !['GET', 'HEAD'].includes(method) && this.cookies.has('csrftoken')) {
      headers['x-csrftoken'] ??= this.cookies.get('csrftoken')!;
    }
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) this.storeCookie(cookie);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  private storeCookie(header: string) {
    const [pair, ...attributes] = header.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attributes.some(
      (a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
    );
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  get = <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) =>
    this.request<T>('GET', path, headers ? { headers } : {});
  post = <T = Record<string, unknown>>(path: string, json?: unknown) =>
    this.request<T>('POST', path, { json });
  put = <T = Record<string, unknown>>(path: string, json?: unknown) => this.request<T>('PUT', path, { json });
  delete = <T = Record<string, unknown>>(path: string) => this.request<T>('DELETE', path);

  /** Visits the app once so the server issues the csrftoken cookie. */
  async prime(): Promise<void> {
    await this.get('/_headless/browser/v1/config');
  }
}

let counter = 0;
/**
 * Signs a new user up and returns a logged-in client. When the app holds signups until the
 * email address is confirmed, the helper reads the confirmation mail from the test app's
 * mailbox and follows its link, as a person would.
 */
export async function signedUpClient(
  baseUrl: string,
  name?: string,
): Promise<{ client: TestClient; username: string; email: string; password: string }> {
  const client = new TestClient(baseUrl);
  await client.prime();
  const username = name ?? `user${Date.now().toString(36)}${counter++}`;
  const email = `${username}@example.org`;
  const password = 'correct horse battery staple';
  const res = await client.post('/_headless/browser/v1/auth/signup', { email, username, password });
  if (res.status === 401) {
    const mailbox = mailboxFor(baseUrl);
    if (!mailbox) throw new Error(`signup is pending verification but ${baseUrl} has no test mailbox`);
    const key = verificationKeyIn(await mailbox.waitFor(email, { subject: /Confirm Your Email/ }));
    const verified = await client.post('/_headless/browser/v1/auth/email/verify', { key });
    if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${verified.text}`);
  } else if (res.status !== 200) {
    throw new Error(`signup failed: ${res.status} ${res.text}`);
  }
  return { client, username, email, password };
}
