import type { DestinationStream } from 'pino';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.ts';

/**
 * URLs that carry a credential: the provider's callback (`code` and `state`: with a code an
 * attacker who reads the logs could finish someone's social login), and the web app's pages
 * whose last segment is an email verification or password reset key.
 */
const CALLBACK_QUERY = /^([^?]*\/auth\/provider\/callback\/[^?]*)\?.*$/s;
const KEY_IN_PATH = /^(\/(?:auth\/verify|auth\/password\/confirm|account\/email\/verify)\/)[^/?]+/;

/** The URL as it may be logged: credentials replaced, everything else kept for debugging. */
export function loggableUrl(url: string): string {
  return url.replace(CALLBACK_QUERY, '$1?[redacted]').replace(KEY_IN_PATH, '$1[redacted]');
}

/** Fastify's own request summary, with the URL made loggable. */
function requestSummary(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/**
 * Structured JSON logs; credentials never reach them. `stream` replaces stdout (tests read
 * what would have been logged).
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'env'>,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: { req: requestSummary },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrftoken"]',
        'req.headers["x-password-reset-key"]',
        'req.headers["x-email-verification-key"]',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
      ],
      censor: '[redacted]',
    },
  };
}
