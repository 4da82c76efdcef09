import type { ApiToken, ApiTokenExpiryDays } from '@voxpad/shared/api-tokens';
import { daysAgo } from '../../../lib/days-ago.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The lifetimes offered on the form, in the order shown; null never expires. */
export const EXPIRY_CHOICES: readonly { days: ApiTokenExpiryDays | null; label: string }[] = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: null, label: 'Never' },
];

/** A token that outlives its purpose is a risk: a lifetime is suggested, never is a choice. */
export const DEFAULT_EXPIRY_DAYS: ApiTokenExpiryDays = 90;

export function isExpired(token: Pick<ApiToken, 'expires_at'>, now: number = Date.now()): boolean {
  return token.expires_at !== null && Date.parse(token.expires_at) <= now;
}

/**
 * "never expires", "expires today", "expires in 1 day", "expires in 12 days", "expired 3 days ago".
 * Days are rounded, not cut: a token made a moment ago for 90 days expires in 90 days, not 89.
 */
export function expiryLabel(token: Pick<ApiToken, 'expires_at'>, now: number = Date.now()): string {
  if (token.expires_at === null) return 'never expires';
  const at = Date.parse(token.expires_at);
  if (!Number.isFinite(at)) return 'never expires';
  if (at <= now) return `expired ${daysAgo(at, now)}`;
  const days = Math.round((at - now) / DAY_MS);
  if (days === 0) return 'expires today';
  return days === 1 ? 'expires in 1 day' : `expires in ${days} days`;
}
