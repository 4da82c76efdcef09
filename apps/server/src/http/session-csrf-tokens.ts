import { createHmac } from 'node:crypto';

/** Domain separation: the session cookie token keys nothing else with this label. */
const SESSION_BINDING = 'voxpad csrftoken v1';

/**
 * The csrftoken of a session: an HMAC keyed with the session's cookie token, which only that
 * browser and the request in flight know (the database keeps its SHA-256 alone). It changes
 * with every new session and cannot be planted from outside or read from a leaked database.
 */
export function sessionCsrfToken(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update(SESSION_BINDING).digest('hex');
}

/**
 * sessionCsrfToken, remembered per session cookie token: every request of a browser with a
 * session needs it (to check an unsafe method's header, or to see whether a GET must send the
 * cookie again), and the HMAC was a twentieth of the pad list's CPU (docs/performance.md). The
 * token is a pure function of the cookie token, so a remembered one is exactly the one computed
 * afresh; a session that ends keeps its entry until it is pushed out, which grants nothing (the
 * session check refuses the cookie). The cookie tokens are already held in memory as keys of the
 * session cache (auth/sessions/session-store.ts). Bounded: the oldest entry goes first.
 */
export class SessionCsrfTokens {
  readonly #tokens = new Map<string, string>();

  constructor(private readonly maxEntries = 10_000) {}

  get(sessionToken: string): string {
    const known = this.#tokens.get(sessionToken);
    if (known !== undefined) return known;
    const token = sessionCsrfToken(sessionToken);
    if (this.#tokens.size >= this.maxEntries) this.#tokens.delete(this.#tokens.keys().next().value!);
    this.#tokens.set(sessionToken, token);
    return token;
  }

  get size(): number {
    return this.#tokens.size;
  }
}
