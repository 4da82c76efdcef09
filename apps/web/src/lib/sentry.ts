import type * as SentrySdk from '@sentry/react';
import { env } from './env.ts';

type SentryModule = typeof SentrySdk;

declare global {
  interface ErrorConstructor {
    /** V8 and SpiderMonkey: how many frames a stack trace keeps. */
    stackTraceLimit: number;
  }
}

let loaded: Promise<SentryModule | null> = Promise.resolve(null);

/**
 * Starts error reporting only when a DSN is configured. The SDK is imported dynamically so that
 * without a DSN none of it is downloaded, and with one it stays out of the first route's bundle.
 */
export function initSentry(): Promise<SentryModule | null> {
  const dsn = env.VITE_SENTRY_DSN;
  if (!dsn) return loaded;
  Error.stackTraceLimit = 50;
  loaded = Promise.all([import('@sentry/react'), import('./sentry-options.ts')])
    .then(([sentry, { sentryOptions }]) => {
      sentry.init(sentryOptions(sentry, dsn, env.VITE_SENTRY_TUNNEL));
      return sentry;
    })
    .catch((error: unknown) => {
      console.error('Error reporting could not start.', error);
      return null;
    });
  return loaded;
}

export function isSentryEnabled(): boolean {
  return Boolean(env.VITE_SENTRY_DSN);
}

export function reportError(error: unknown, context?: { componentStack?: string | null }): void {
  void loaded.then((sentry) => {
    if (!sentry) return;
    sentry.captureException(error, {
      ...(context?.componentStack ? { contexts: { react: { componentStack: context.componentStack } } } : {}),
    });
  });
}

export function setReportingUser(
  user: { id: string | number; username?: string | undefined; email?: string | undefined } | null,
): void {
  void loaded.then((sentry) => {
    if (!sentry) return;
    sentry.setUser(
      user
        ? {
            id: String(user.id),
            ...(user.username ? { username: user.username } : {}),
            ...(user.email ? { email: user.email } : {}),
          }
        : null,
    );
  });
}
