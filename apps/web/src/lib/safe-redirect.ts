/**
 * A post-login target is honoured only when it is a path on this origin: it starts with one "/"
 * and neither "//" nor "/\" (both mean another host to a browser), and holds no control
 * characters (browsers drop tabs and newlines, turning "/\t/evil.example" into "//evil.example").
 */
export function isSafeRedirectPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0) return false;
  if (!value.startsWith('/')) return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F]/.test(value)) return false;
  return true;
}

/** The first safe candidate, else "/". */
export function safeRedirectPath(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    if (isSafeRedirectPath(candidate)) return candidate;
  }
  return '/';
}
