// The e2e tests read mail through the same loopback SMTP server the API tests use.
export {
  Mailbox,
  verificationKeyIn,
  resetKeyIn,
  loginCodeIn,
} from '../../apps/server/test/support/mailbox.ts';

/** The first link in the mail's `text` pointing at `route` (e.g. /auth/verify/); throws if none. */
export function linkIn(text: string, route: string): string {
  const link = new RegExp(`https?://\\S+${route}\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${route} link in:\n${text}`);
  return link;
}
