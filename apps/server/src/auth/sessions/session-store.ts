import { compiledQuery } from '../../db/compiled-query.ts';
import { GenerationCache } from '../../db/generation-cache.ts';
import type { Db } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import type { PendingFlow } from '../pending-flows.ts';

export interface AuthMethod {
  method: 'password' | 'password_reset' | 'code' | 'socialaccount';
  at: number;
  email?: string;
  username?: string;
  provider?: string;
  uid?: string;
}

/** What a session remembers between requests. */
export interface SessionData {
  methods: AuthMethod[];
  /** A flow the user has started but not finished (e.g. email verification after signup). */
  pending?: PendingFlow;
}

export interface Session {
  /** The database id (hash of the cookie token). */
  id: string;
  userId: string | null;
  data: SessionData;
  expiresAt: number;
}

export interface SessionMeta {
  userAgent: string;
  ip: string;
}

/** Read on every request: compiled once. */
const sessionById = compiledQuery<
  { id: string },
  Pick<SessionRow, 'user_id' | 'data' | 'expires_at' | 'last_seen_at'>
>((db, p) =>
  db.selectFrom('sessions').select(['user_id', 'data', 'expires_at', 'last_seen_at']).where('id', '=', p.id),
);

/** Only touch `last_seen_at` once a minute, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/** A session row as read, with its data parsed once (never mutated: loads copy it). */
interface StoredSession {
  id: string;
  userId: string | null;
  data: Readonly<SessionData>;
  expiresAt: number;
  lastSeenAt: number;
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
    this.#sessions = new GenerationCache(db);
  }

  async load(token: string): Promise<Session | undefined> {
    const stored = await this.#sessions.read(token, () => this.#read(token));
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
    const { methods, pending } = stored.data;
    return { id, userId: stored.userId, data: { methods, ...(pending ? { pending } : {}) }, expiresAt };
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
    };
  }

  /** Creates a new session and returns its cookie token; the token itself is never stored. */
  async create(
    userId: string | null,
    data: SessionData,
    meta: SessionMeta,
  ): Promise<{ token: string; session: Session }> {
    const token = newToken();
    const id = sha256(token);
    const now = Date.now();
    const expiresAt = now + this.maxAgeMs;
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
      })
      .execute();
    return { token, session: { id, userId, data, expiresAt } };
  }

  async save(session: Session): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ user_id: session.userId, data: JSON.stringify(session.data) })
      .where('id', '=', session.id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async destroyAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}

function parseData(raw: string): SessionData {
  try {
    const parsed = JSON.parse(raw) as Partial<SessionData>;
    return {
      methods: Array.isArray(parsed.methods) ? parsed.methods : [],
      ...(parsed.pending ? { pending: parsed.pending } : {}),
    };
  } catch {
    return { methods: [] };
  }
}
