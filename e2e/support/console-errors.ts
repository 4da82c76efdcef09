import type { Page } from 'playwright-core';

/**
 * Collects the page's console errors and uncaught exceptions into `errors`. Chromium logs every
 * non-2xx fetch (a 401 naming the next step, a 400 for a wrong code) as "Failed to load
 * resource"; those are expected answers, not application errors, and are left out.
 */
export function collectConsoleErrors(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(String(error)));
}
