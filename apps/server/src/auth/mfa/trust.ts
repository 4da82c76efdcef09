import type { FastifyRequest } from 'fastify';
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

/**
 * The cookie that remembers for 14 days that this browser need not ask the user for a second
 * factor: its sealed value (the presenter sets it with trustCookieOptions).
 */
export function trustedBrowserCookie(
  box: SecretBox,
  request: FastifyRequest,
  userId: string,
  factors: string,
  now = Date.now(),
): string {
  const entries = readEntries(box, request, now).filter((entry) => entry.user !== userId);
  entries.push({ user: userId, factors, until: now + TRUST_MAX_AGE_MS });
  return box.seal(JSON.stringify(entries.slice(-MAX_ENTRIES)), SEAL_CONTEXT);
}

export function trustCookieOptions(request: FastifyRequest, secure: boolean) {
  return {
    path: TRUST_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secure || request.protocol === 'https',
    maxAge: Math.floor(TRUST_MAX_AGE_MS / 1000),
  };
}
