import type { FastifyReply, FastifyRequest } from 'fastify';
import { MFA_TRUST_DAYS } from '@voxpad/shared/mfa';
import type { SecretBox } from './secret-box.ts';

/** allauth's MFA_TRUST_COOKIE_NAME and MFA_TRUST_COOKIE_AGE. */
export const TRUST_COOKIE = 'mfa_trusted';
export const TRUST_MAX_AGE_MS = MFA_TRUST_DAYS * 24 * 60 * 60 * 1000;
/** Only the auth API reads it: no other request carries it. */
const TRUST_COOKIE_PATH = '/_headless/';
/** A shared browser may trust a few accounts; the oldest goes first. */
const MAX_ENTRIES = 5;
const SEAL_CONTEXT = 'mfa-trust';

/** One trusted account: who, for which set of second factors, until when. */
interface TrustEntry {
  user: string;
  factors: string;
  until: number;
}

function isEntry(value: unknown): value is TrustEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.user === 'string' && typeof entry.factors === 'string' && typeof entry.until === 'number'
  );
}

/** The cookie's live entries; a cookie that was altered, forged or sealed under another key has none. */
function readEntries(box: SecretBox, request: FastifyRequest, now: number): TrustEntry[] {
  const cookie = request.cookies[TRUST_COOKIE];
  if (!cookie) return [];
  try {
    const parsed: unknown = JSON.parse(box.open(cookie, SEAL_CONTEXT));
    return Array.isArray(parsed) ? parsed.filter(isEntry).filter((entry) => entry.until > now) : [];
  } catch {
    return [];
  }
}

/**
 * allauth's "trust this browser": true when this browser's sealed cookie vouches for the user
 * with exactly these second factors (see factorsFingerprint) and has not expired.
 */
export function isTrustedBrowser(
  box: SecretBox,
  request: FastifyRequest,
  userId: string,
  factors: string,
  now = Date.now(),
): boolean {
  return readEntries(box, request, now).some((entry) => entry.user === userId && entry.factors === factors);
}

/** Remembers for 14 days that this browser need not ask the user for a second factor. */
export function trustBrowser(
  box: SecretBox,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; factors: string; secure: boolean },
  now = Date.now(),
): void {
  const entries = readEntries(box, request, now).filter((entry) => entry.user !== options.userId);
  entries.push({ user: options.userId, factors: options.factors, until: now + TRUST_MAX_AGE_MS });
  reply.setCookie(TRUST_COOKIE, box.seal(JSON.stringify(entries.slice(-MAX_ENTRIES)), SEAL_CONTEXT), {
    path: TRUST_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure || request.protocol === 'https',
    maxAge: Math.floor(TRUST_MAX_AGE_MS / 1000),
  });
}
