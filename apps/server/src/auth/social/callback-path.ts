const MAX_LENGTH = 2000;
/** Printable ASCII except the backslash, which browsers read as a slash in http(s) URLs. */
const PLAIN_CHARS = /^[\x21-\x5b\x5d-\x7e]+$/;
/** One slash, then anything but a second slash or backslash: `//host` is another site. */
const ROOTED_PATH = /^\/(?![/\\])/;
/** Escaped slashes, backslashes, dots and percents: a later decoding step could turn them into `//host`. */
const ENCODED_SEPARATOR = /%(2f|5c|2e|25)/i;
/** Escaped control characters, and a `%` that escapes nothing (decoders disagree on those). */
const BAD_ESCAPE = /%([01][0-9a-f]|7f|(?![0-9a-f]{2}))/i;

/**
 * The path (and query) of a social login's `callback_url` when it points into this app, else
 * undefined, so the flow never redirects anywhere else (no open redirect). It takes a path, or
 * an absolute URL that starts with our own origin, and only in the form a browser resolves to
 * exactly what was checked: a path that URL normalisation would change (`/.//host`, `/./\host`,
 * `/a/..//host`, stripped tabs) or that decoding could change (`/%2F%2Fhost`) is refused.
 */
export function sameOriginPath(callbackUrl: string | undefined, origin: string): string | undefined {
  if (!callbackUrl || callbackUrl.length > MAX_LENGTH || !PLAIN_CHARS.test(callbackUrl)) return undefined;
  let relative = callbackUrl;
  if (!callbackUrl.startsWith('/')) {
    if (!callbackUrl.startsWith(`${origin}/`)) return undefined;
    relative = callbackUrl.slice(origin.length);
  }
  const target = relative.split('#')[0]!;
  const pathname = target.split('?')[0]!;
  if (!ROOTED_PATH.test(pathname) || ENCODED_SEPARATOR.test(pathname) || BAD_ESCAPE.test(target)) {
    return undefined;
  }
  if (!decodes(target)) return undefined;
  const resolved = new URL(target, `${origin}/`);
  if (resolved.origin !== origin || `${resolved.pathname}${resolved.search}` !== target) return undefined;
  return target;
}

/** Escapes that are not UTF-8 (`/%A0`): a later decoding step would throw or guess. */
function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
