/**
 * Names the allauth headless API and the web app both use. No schemas here, so the web app's
 * first page imports them without zod (ADR 0055).
 */

export const AUTH_BASE_PATH = '/_headless/browser/v1';

/**
 * A cookie the page can read (the session cookie cannot): set while the browser holds a session
 * that is logged in or has a flow under way. Without it the web app is signed out without
 * asking GET auth/session, whose 401 the browser would log as an error on every page load.
 */
export const SESSION_HINT_COOKIE = 'session_hint';
