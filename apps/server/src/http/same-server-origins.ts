const LOOPBACK_NAME = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const LOOPBACK_ALIASES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins of pages this server itself serves at `origin`. On this machine's loopback,
 * http://localhost:8080 and http://127.0.0.1:8080 are one server under two names: `npm start`
 * names the site localhost (browsers accept passkeys there, never at an IP address) while
 * scripts, bookmarks and people keep opening 127.0.0.1. Any other origin is itself alone.
 */
export function sameServerOrigins(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_NAME.test(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_ALIASES.map((name) => `${url.protocol}//${name}${port}`);
}
