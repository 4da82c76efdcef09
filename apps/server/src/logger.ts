import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.ts';

/** Structured JSON logs; credentials never reach them. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'env'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
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
