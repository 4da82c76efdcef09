import { SESSION_HINT_COOKIE } from '@voxpad/shared/auth-paths';
import { readCookie } from '../../../lib/api-client.ts';

/** Whether the server said this browser holds a session worth asking about (logged in, or a flow under way). */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && readCookie(SESSION_HINT_COOKIE) !== null;
}

/** The server answered that the session is gone: stop asking on every page load. */
export function dropSessionHint(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
