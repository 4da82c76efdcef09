import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { MailQueue } from '../email/mail-queue.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { AuthSettings } from './auth-settings.ts';
import type { SecretBox } from './mfa/secret-box.ts';
import type { PasswordHasher } from './password/passwords.ts';
import type { Session } from './sessions/session-store.ts';
import { findUserById } from './accounts/users-repository.ts';

/** What every auth route needs. */
export interface AuthContext {
  db: Db;
  settings: AuthSettings;
  limiter: RateLimiter;
  mail: MailQueue;
  passwords: PasswordHasher;
  /** Seals MFA secrets at rest and the trusted-browser cookie. */
  box: SecretBox;
}

/** A logged-in user and the session they use. */
export interface Authenticated {
  user: UserRow;
  session: Session;
}

/** The logged-in user of this request, if the session names one that still exists. */
export async function currentUser(db: Db, request: FastifyRequest): Promise<Authenticated | undefined> {
  const session = await request.getSession();
  if (!session?.userId) return undefined;
  const user = await findUserById(db, session.userId);
  return user ? { user, session } : undefined;
}
