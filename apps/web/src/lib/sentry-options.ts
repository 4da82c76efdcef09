import type * as SentrySdk from '@sentry/react';
import type { Breadcrumb, BrowserOptions } from '@sentry/react';
import { env } from './env.ts';

/*
 * The reporter's settings. Imported with the SDK, only when a DSN is configured, so none of it
 * is in what a page loads before its first paint (ADR 0055).
 */

/**
 * Errors nobody can act on (spec §8): generic cross-origin "Script error.", ResizeObserver loop
 * notices, and known browser-extension or in-app-webview noise.
 */
export const IGNORED_ERRORS: Array<string | RegExp> = [
  /^Script error\.?$/,
  /^Javascript error: Script error\.? on line 0$/,
  /^ResizeObserver loop limit exceeded/,
  /^ResizeObserver loop completed with undelivered notifications/,
  /^Cannot redefine property: googletag$/,
  /can't redefine non-configurable property "solana"/,
  /Can't find variable: _AutofillCallbackHandler/,
  /Can't find variable: gmo$/,
  /Object Not Found Matching Id:\d+, MethodName:simulateEvent/,
  /Java exception was raised during method invocation$/,
  /Java object is gone$/,
  /vv\(\)\.getRestrictions is not a function/,
  /__gCrWeb/,
  'top.GLOBALS',
];

const EXTENSION_URLS: RegExp[] = [
  /^chrome-extension:\/\//i,
  /^moz-extension:\/\//i,
  /^safari-(web-)?extension:\/\//i,
];

/** Origin + path of the DSN's ingest endpoint, e.g. https://o1.ingest.sentry.io/api/42/ */
function ingestPrefix(dsn: string): string | null {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.split('/').filter(Boolean).pop();
    return projectId ? `${url.protocol}//${url.host}/api/${projectId}/` : null;
  } catch {
    return null;
  }
}

/** True when `url` is one of the reporter's own requests (ingest endpoint or tunnel). */
export function isReportingRequest(
  url: unknown,
  reporting: { dsn?: string | undefined; tunnel?: string | undefined },
): boolean {
  if (typeof url !== 'string' || url === '') return false;
  const ingest = reporting.dsn ? ingestPrefix(reporting.dsn) : null;
  if (ingest && url.startsWith(ingest)) return true;
  if (reporting.tunnel) {
    const tunnel = reporting.tunnel;
    if (url === tunnel || url.startsWith(`${tunnel}?`) || url.startsWith(`${tunnel}/`)) return true;
    try {
      const base = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
      const absoluteTunnel = new URL(tunnel, base).href;
      if (new URL(url, base).href.startsWith(absoluteTunnel)) return true;
    } catch {
      return false;
    }
  }
  return false;
}

/** Keeps the reporter's own traffic out of breadcrumbs (spec §7). */
export function dropReportingBreadcrumbs(
  breadcrumb: Breadcrumb,
  reporting: { dsn?: string | undefined; tunnel?: string | undefined },
): Breadcrumb | null {
  if (breadcrumb.category === 'fetch' || breadcrumb.category === 'xhr') {
    const data: unknown = breadcrumb.data;
    const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : null;
    if (isReportingRequest(url, reporting)) return null;
  }
  return breadcrumb;
}

export function sentryOptions(sentry: typeof SentrySdk, dsn: string, tunnel?: string): BrowserOptions {
  const reporting = { dsn, tunnel };
  return {
    dsn,
    ...(tunnel ? { tunnel } : {}),
    environment: env.MODE,
    sendDefaultPii: true,
    ignoreErrors: IGNORED_ERRORS,
    denyUrls: EXTENSION_URLS,
    maxBreadcrumbs: 100,
    transportOptions: { bufferSize: 64 },
    beforeBreadcrumb: (breadcrumb) => dropReportingBreadcrumbs(breadcrumb, reporting),
    // Default integrations stay (dedupe, event filters, breadcrumbs, ...); this one replaces the
    // default linked-errors integration with the spec's explicit depth and key.
    integrations: [sentry.linkedErrorsIntegration({ key: 'cause', limit: 5 })],
  };
}
