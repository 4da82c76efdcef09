// The e2e tests read mail through the same loopback SMTP server the API tests use.
export {
  Mailbox,
  verificationKeyIn,
  resetKeyIn,
  loginCodeIn,
} from '../../apps/server/test/support/mailbox.ts';

/**
 * How long an e2e test waits for a mail: a deadline, not a measure. A mail goes from a click
 * through the built server's queue and SMTP to the test's mailbox; beside the rest of the suite
 * on two loaded cores (load 7, stop 34's CI) a password reset mail took over 15 s.
 */
export const MAIL_WAIT_MS = 60_000;

/** The first link in the mail's `text` pointing at `route` (e.g. /auth/verify/); throws if none. */
export function linkIn(text: string, route: string): string {
  const link = new RegExp(`https?://\\S+${route}\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${route} link in:\n${text}`);
  return link;
}
