import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Strict defaults: scripts only from our origin, no framing, no MIME sniffing. Media may
 * come from blob: URLs (recordings play back before upload); Sentry events go to its
 * ingest host only when a DSN is configured, so connect-src allows https.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    hsts: boolean;
    /**
     * Extra origins a form may lead to: a social login's form POST is redirected to the
     * provider, and form-action covers redirects. https: is allowed anyway; this is for
     * http providers on loopback (development, tests).
     */
    formActionOrigins?: string[];
  },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https:', ...(options.formActionOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: options.hsts ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
}
