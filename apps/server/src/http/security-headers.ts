import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SecurityHeaderOptions {
  hsts: boolean;
  /**
   * Extra origins a form may lead to: a social login's form POST is redirected to the
   * provider, and form-action covers redirects. https: is allowed anyway; this is for
   * http providers on loopback (development, tests).
   */
  formActionOrigins?: string[];
  /** Path prefixes that only ever answer JSON (or audio) to scripts, never a page. */
  apiPrefixes?: string[];
  /**
   * Origins besides ours the web app fetches from: its error reporting's ingest host and an
   * API served elsewhere, when its build was configured with them.
   */
  connectOrigins?: string[];
}

/**
 * Strict defaults: scripts only from our origin, no framing, no MIME sniffing. Media may
 * come from blob: URLs (recordings play back before upload). Scripts connect to our own
 * origin and to the few the web build names, never to any https host: an injected script
 * must not be able to post what it reads to a server of its choosing.
 *
 * The set is helmet's, computed once at start: the headers never vary per request, and
 * rebuilding them on every response cost a tenth of the CPU of a small API call.
 */
export function documentHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    ['connect-src', "'self'", ...(options.connectOrigins ?? [])].join(' '),
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    ['form-action', "'self'", 'https:', ...(options.formActionOrigins ?? [])].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "script-src-attr 'none'",
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * API responses are read by scripts, never rendered as pages, so the document-only headers
 * (script and style policy, opener isolation, legacy IE switches) do nothing there. They
 * get OWASP's set for REST APIs instead: nothing may load or frame them, no sniffing.
 */
export function apiHeaders(options: Pick<SecurityHeaderOptions, 'hsts'>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'same-origin',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * The headers for one request, chosen by its path and scheme. Also used for the errors
 * Fastify answers before any hook runs (http/framework-errors.ts).
 */
export function securityHeadersFor(
  options: SecurityHeaderOptions,
): (request: Pick<FastifyRequest, 'url' | 'protocol'>) => Record<string, string> {
  const plain = { api: apiHeaders(options), document: documentHeaders(options) };
  // Without an https PUBLIC_URL, a request that came over HTTPS (per TRUST_PROXY) still gets HSTS.
  const pinned = { api: apiHeaders({ hsts: true }), document: documentHeaders({ ...options, hsts: true }) };
  const apiPrefixes = options.apiPrefixes ?? [];
  return (request) => {
    const isApi = apiPrefixes.some((prefix) => request.url.startsWith(prefix));
    const headers = options.hsts || request.protocol === 'https' ? pinned : plain;
    return isApi ? headers.api : headers.document;
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const headersFor = securityHeadersFor(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request));
    done();
  });
}
