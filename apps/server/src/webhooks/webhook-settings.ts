import { parseCidr, type PrivateTargets } from './target-policy.ts';

/** How webhooks behave on this server, from configuration (WEBHOOKS_*). */
export interface WebhookSettings {
  /** Webhooks one account may hold. */
  maxPerUser: number;
  /** Attempts per delivery before it is given up. */
  maxAttempts: number;
  /** Waits before the 2nd, 3rd, ... attempt; the last one repeats. Jittered by ±20 %. */
  retryDelaysMs: readonly number[];
  /** One attempt (connect, send, answer) may take this long. */
  timeoutMs: number;
  /** Private, loopback and link-local targets: refused (false), all allowed, or these blocks. */
  privateTargets: PrivateTargets;
}

/**
 * WEBHOOKS_ALLOW_PRIVATE_TARGETS: "false" (the default), "true", or a comma-separated list of
 * address blocks such as "127.0.0.2/32,10.1.0.0/16". Answers the problem in words when malformed.
 */
export function parsePrivateTargets(value: string | undefined): PrivateTargets | string {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'no') return false;
  if (text === 'true' || text === '1' || text === 'yes') return true;
  const blocks = text.split(',').map((part) => ({ part, block: parseCidr(part) }));
  const bad = blocks.filter((b) => !b.block).map((b) => b.part.trim());
  if (bad.length > 0) {
    return `must be false, true or address blocks such as 127.0.0.2/32,10.1.0.0/16; not valid: ${bad.join(', ')}`;
  }
  return blocks.flatMap((b) => (b.block ? [b.block] : []));
}

/** WEBHOOKS_RETRY_DELAYS_SECONDS: "5,30,120" (fractions allowed, for tests). */
export function parseRetryDelays(value: string): number[] | string {
  const delays = value.split(',').map((part) => Number(part.trim()));
  if (delays.length === 0 || delays.some((d) => !Number.isFinite(d) || d < 0 || d > 7 * 86_400)) {
    return 'must be seconds separated by commas, e.g. 5,30,120,600,3600 (each at most a week)';
  }
  return delays.map((seconds) => Math.round(seconds * 1000));
}
