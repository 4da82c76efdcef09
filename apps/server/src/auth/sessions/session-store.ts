import { randomInt } from 'node:crypto';
import { compiledQuery } from '../../db/compiled-query.ts';
import { GenerationCache } from '../../db/generation-cache.ts';
import type { Db } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import type { WebauthnChallengeState } from './webauthn-challenge-state.ts';
import type { PendingFlow } from './pending-flows.ts';
import type { AuthMethod } from './auth-method.ts';

/** What a session remembers between requests. */
export interface SessionData {
  methods: AuthMethod[];
  /** A flow the user has started but not finished (e.g. email verification after signup). */
  pending?: PendingFlow;
  /** The WebAuthn ceremony under way: its challenge, used once (auth/mfa/webauthn-challenges.ts). */
  webauthn?: WebauthnChallengeState;
  /** The TOTP secret offered for setup, sealed by the secret box (auth/mfa/totp-setup.ts). */
  totpSetup?: string;
}

export interface Session {
  /** The database id (hash of the cookie token). */
  id: string;
  userId: string | null;
  data: SessionData;
  expiresAt: number;
  /** Last login or reauthentication (allauth's latest authentication record); null when anonymous. */
  authenticatedAt: number | null;
  /** The number allauth's session list shows for it. */
  publicId: number;
}

export interface SessionMeta {
  userAgent: string;
  ip: string;
}

/** Read on every request: compiled once. */
const sessionById = compiledQuery<
  { id: string },
  Pick<SessionRow, 'user_id' | 'data' | 'expires_at' | 'last_seen_at' | 'authenticated_at' | 'public_id'>
>((db, p) =>
  db
    .selectFrom('sessions')
    .select(['user_id', 'data', 'expires_at', 'last_seen_at', 'authenticated_at', 'public_id'])
    .where('id', '=', p.id),
);

/** Public ids are random below this (migration 0010 numbers older sessions the same way). */
const PUBLIC_ID_MAX = 2 ** 48;

/** A session as its owner's session list shows it. */
export type ListedSession = Pick<
  SessionRow,
  'id' | 'public_id' | 'user_agent' | 'ip' | 'created_at' | 'last_seen_at'
>;

/** Only touch `last_seen_at` once a minute, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/** A session row as read, with its data parsed once (never mutated: loads copy it). */
interface StoredSession {
  id: string;
  userId: string | null;
  data: Readonly<SessionData>;
  expiresAt: number;
  lastSeenAt: number;
  authenticatedAt: number | null;
  publicId: number;
}

export class SessionStore {
  /**
   * Sessions by cookie token, reused until anything is written (a login, a logout, a touch,
   * another process's commit): most requests then neither hash the token nor read the row.
   */
  readonly #sessions: GenerationCache<StoredSession | undefined>;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs: number,
  ) {
    this.#sessions = new GenerationCache(db, (token) => this.#read(token));
  }

  /** `scope` (the request) shares one freshness point among its cached reads (db/generation-cache.ts). */
  async load(token: string, scope?: object): Promise<Session | undefined> {
    const stored = await this.#sessions.read(token, scope);
    if (!stored) return undefined;
    const { id, expiresAt } = stored;
    const now = Date.now();
    if (expiresAt <= now) {
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      return undefined;
    }
    if (now - stored.lastSeenAt > TOUCH_INTERVAL_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    }
    return {
      id,
      userId: stored.userId,
      data: copyData(stored.data),
      expiresAt,
      authenticatedAt: stored.authenticatedAt,
      publicId: stored.publicId,
    };
  }

  async #read(token: string): Promise<StoredSession | undefined> {
    const id = sha256(token);
    const [row] = await sessionById(this.db, { id });
    if (!row) return undefined;
    return {
      id,
      userId: row.user_id,
      data: parseData(row.data),
      expiresAt: row.expires_at,
      lastSeenAt: row.last_seen_at,
      authenticatedAt: row.authenticated_at,
      publicId: row.public_id,
    };
  }

  /**
   * Creates a new session and returns its cookie token; the token itself is never stored. A
   * session with a user counts as authenticated now, unless `authenticatedAt` carries over the
   * time of the session it replaces (a rotation is not a login).
   */
  async create(
    userId: string | null,
    data: SessionData,
    meta: SessionMeta,
    authenticatedAt?: number | null,
  ): Promise<{ token: string; session: Session }> {
    const token = newToken();
    const id = sha256(token);
    const now = Date.now();
    const expiresAt = now + this.maxAgeMs;
    const authenticated = userId === null ? null : (authenticatedAt ?? now);
    const publicId = randomInt(1, PUBLIC_ID_MAX);
    await this.db
      .insertInto('sessions')
      .values({
        id,
        user_id: userId,
        data: JSON.stringify(data),
        user_agent: meta.userAgent.slice(0, 500),
        ip: meta.ip,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        authenticated_at: authenticated,
        public_id: publicId,
      })
      .execute();
    return { token, session: { id, userId, data, expiresAt, authenticatedAt: authenticated, publicId } };
  }

  async save(session: Session): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({
        user_id: session.userId,
        data: JSON.stringify(session.data),
        authenticated_at: session.authenticatedAt,
      })
      .where('id', '=', session.id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async destroyAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  /** Ends the given sessions of one user; ids of other users' sessions are ignored. */
  async destroyForUser(userId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('id', 'in', ids).execute();
  }

  /** The user's live sessions, oldest first. */
  async listForUser(userId: string, now = Date.now()): Promise<ListedSession[]> {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'public_id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}

/** A caller's own copy of the cached data (callers may change it before saving). */
function copyData(stored: Readonly<SessionData>): SessionData {
  // Assignments, not conditional spreads: this runs on every request with a session.
  const data: SessionData = { methods: stored.methods };
  if (stored.pending) data.pending = stored.pending;
  if (stored.webauthn) data.webauthn = stored.webauthn;
  if (stored.totpSetup) data.totpSetup = stored.totpSetup;
  return data;
}

function parseData(raw: string): SessionData {
  try {
    const parsed = JSON.parse(raw) as Partial<SessionData>;
    return {
      methods: Array.isArray(parsed.methods) ? parsed.methods : [],
      ...(parsed.pending ? { pending: parsed.pending } : {}),
      ...(parsed.webauthn ? { webauthn: parsed.webauthn } : {}),
      ...(typeof parsed.totpSetup === 'string' ? { totpSetup: parsed.totpSetup } : {}),
    };
  } catch {
    return { methods: [] };
  }
}
