import { findOrCreateInboxPad } from '../../features/pads/api/find-or-create-inbox-pad.ts';

/** How long a header recording waits for the Inbox before it goes on without live words. */
export const INBOX_LOOKUP_MS = 3_000;

/**
 * The Inbox's id for a header recording's live stream (made on first use), or null offline, on
 * any failure or when the server is slower than `timeoutMs`: the recording then goes on without
 * live words and is queued for the Inbox at Stop as before.
 */
export async function inboxLivePad(
  find: () => Promise<{ id: string }> = findOrCreateInboxPad,
  timeoutMs: number = INBOX_LOOKUP_MS,
): Promise<string | null> {
  if (!navigator.onLine) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([find().then((pad) => pad.id), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
