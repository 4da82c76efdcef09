/** Socket errors that mean a kept-alive connection was closed by the server before our request reached it. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function isStaleSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return error instanceof TypeError && typeof cause?.code === 'string' && STALE_SOCKET.has(cause.code);
}

/**
 * A minimal logged-in client for benches: keeps the cookies and sends the CSRF token, as
 * the web app does. Bench servers run with ACCOUNT_EMAIL_VERIFICATION=none.
 */
export class BenchClient {
  readonly cookies = new Map<string, string>();
  /**
   * GETs sent again on a fresh connection because the kept-alive one had been closed by the
   * server (a browser does the same for an idempotent request). Benches print it: a retried
   * request is not timed as one.
   */
  retries = 0;

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.cookies.size > 0) all.cookie = this.cookieHeader;
    if (method !== 'GET') all['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    if (Buffer.isBuffer(body)) payload = new Uint8Array(body);
    else if (body !== undefined) {
      all['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const send = () => fetch(this.baseUrl + path, { method, headers: all, body: payload });
    let res: Response;
    try {
      res = await send();
    } catch (error) {
      if ((method !== 'GET' && method !== 'HEAD') || !isStaleSocket(error)) throw error;
      this.retries++;
      res = await send();
    }
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown>, text };
  }

  /** Signs up (or logs in, when the account exists) and keeps the session cookie. */
  async login(username: string, password: string): Promise<void> {
    await this.request('GET', '/_headless/browser/v1/config');
    const auth = '/_headless/browser/v1/auth';
    let res = await this.request('POST', `${auth}/login`, { username, password });
    if (res.status !== 200) {
      res = await this.request('POST', `${auth}/signup`, {
        username,
        email: `${username}@example.org`,
        password,
      });
    }
    if (res.status !== 200) throw new Error(`could not log in: ${res.status} ${res.text}`);
  }
}

export const BENCH_ENV = {
  NODE_ENV: 'production',
  // Production requires it; benches mail nothing (no verification), so the port does not matter.
  PUBLIC_URL: 'http://127.0.0.1',
  SECRET_KEY: 'bench-secret-key-not-for-production-use-0123456789',
  ROLE: 'api',
  LOG_LEVEL: 'warn',
  ACCOUNT_EMAIL_VERIFICATION: 'none',
  SIGNUP_OPEN: 'true',
};
