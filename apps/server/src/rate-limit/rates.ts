/**
 * Rate limits in allauth's notation: "amount/duration[/per]", several joined by commas, e.g.
 * "20/m/ip,5/m/key". Durations are a number and a unit (s, m, h, d); a missing number is 1.
 */
export interface Rate {
  amount: number;
  durationMs: number;
  per: 'ip' | 'key' | 'user';
}

export type RateLimitAction =
  | 'login'
  | 'login_failed'
  | 'signup'
  | 'reset_password'
  | 'reset_password_from_key'
  | 'confirm_email'
  | 'request_login_code'
  | 'reauthenticate'
  | 'change_password'
  | 'manage_email'
  /** Any read of a share link by a visitor: its page data and its audio (ADR 0044). */
  | 'share_read'
  /** A password sent to unlock a share link; `key` is the link. */
  | 'share_unlock';

export type RateLimits = Record<RateLimitAction, Rate[]>;

/** allauth's ACCOUNT_RATE_LIMITS defaults for the actions we serve. */
export const DEFAULT_RATE_LIMITS: Record<RateLimitAction, string> = {
  login: '30/m/ip',
  login_failed: '10/m/ip,5/5m/key',
  signup: '20/m/ip',
  reset_password: '20/m/ip,5/m/key',
  reset_password_from_key: '20/m/ip',
  confirm_email: '1/3m/key',
  request_login_code: '20/m/ip,3/m/key',
  reauthenticate: '10/m/user',
  change_password: '5/m/user',
  manage_email: '10/m/user',
  // A player asks for audio in many Range requests; a page load makes a handful more.
  share_read: '300/m/ip',
  share_unlock: '10/m/ip,5/5m/key',
};

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const RATE = /^(\d+)\/(\d*(?:\.\d+)?)([smhd])(?:\/(ip|key|user))?$/;

export function parseRates(spec: string): Rate[] {
  const rates: Rate[] = [];
  for (const part of spec.split(',').map((p) => p.trim())) {
    if (!part) continue;
    const match = RATE.exec(part);
    if (!match) throw new Error(`"${part}" is not a rate such as 5/m/ip or 5/5m/key`);
    const [, amount, count, unit, per] = match;
    rates.push({
      amount: Number(amount),
      durationMs: (count ? Number(count) : 1) * UNIT_MS[unit!]!,
      per: (per ?? 'ip') as Rate['per'],
    });
  }
  return rates;
}

function isAction(name: string): name is RateLimitAction {
  return Object.hasOwn(DEFAULT_RATE_LIMITS, name);
}

/**
 * Reads ACCOUNT_RATE_LIMITS: unset or "default" keeps allauth's defaults, "off" disables every
 * limit, and "action=rates;action=rates" overrides single actions (an empty list disables one).
 * Throws with a readable reason when the text is malformed.
 */
export function resolveRateLimits(setting: string | undefined): RateLimits {
  const specs: Record<RateLimitAction, string> = { ...DEFAULT_RATE_LIMITS };
  const text = setting?.trim() ?? '';
  if (text === 'off') {
    for (const action of Object.keys(specs) as RateLimitAction[]) specs[action] = '';
  } else if (text !== '' && text !== 'default') {
    for (const entry of text.split(';').map((e) => e.trim())) {
      if (!entry) continue;
      const eq = entry.indexOf('=');
      const name = eq === -1 ? entry : entry.slice(0, eq).trim();
      if (eq === -1 || !isAction(name)) {
        throw new Error(
          `"${entry}" must be action=rates with action one of ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')}`,
        );
      }
      specs[name] = entry.slice(eq + 1);
    }
  }
  const limits = {} as RateLimits;
  for (const [action, spec] of Object.entries(specs) as [RateLimitAction, string][]) {
    limits[action] = parseRates(spec);
  }
  return limits;
}
