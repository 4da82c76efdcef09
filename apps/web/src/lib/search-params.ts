/**
 * Readers for a page's URL search values. The router has JSON-parsed them, so `?t=12` arrives as
 * a number and `?edited=true` as a boolean. A value a link got wrong reads as undefined instead
 * of failing the page. Plain functions rather than zod: every route's `validateSearch` is in the
 * entry chunk that every page loads, the login page too (ADR 0055).
 */

/** Text of `min`..`max` characters (after trimming, when asked); anything else is undefined. */
export function textParam(
  value: unknown,
  { min = 0, max = Number.POSITIVE_INFINITY, trim = false } = {},
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = trim ? value.trim() : value;
  return text.length >= min && text.length <= max ? text : undefined;
}

/** A number of 0 or more, given as a number or as text (`'60'`). */
export function nonNegativeNumberParam(value: unknown): number | undefined {
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === '')) return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/** `true`/`false`, as a boolean or as text. */
export function flagParam(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** One of `choices`. */
export function choiceParam<T extends string>(value: unknown, choices: readonly T[]): T | undefined {
  return typeof value === 'string' && (choices as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** Text matching `pattern` in full. */
export function patternParam(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidParam(value: unknown): string | undefined {
  return patternParam(value, UUID);
}

/** The search object without the keys whose value is undefined. */
export function definedOnly<T extends Record<string, unknown>>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}
