import type { Pad } from '@voxpad/shared/pads';
import { createPad } from './create-pad.ts';
import { getPads } from './get-pads.ts';

/** Where a recording goes when it was made outside any pad. */
export const INBOX_PAD_NAME = 'Inbox';

const isInbox = (pad: Pad) => pad.name.trim().toLowerCase() === INBOX_PAD_NAME.toLowerCase();

/**
 * The account's pad named Inbox (in any letter case, so one renamed "inbox" still counts),
 * created the first time it is needed. The pad list is walked rather than searched: search
 * ranks words and would also match "Inbox ideas".
 */
export async function findOrCreateInboxPad(): Promise<Pad> {
  let cursor: string | null = null;
  do {
    const page = await getPads(cursor);
    const inbox = page.results.find(isInbox);
    if (inbox) return inbox;
    cursor = page.next;
  } while (cursor);
  return createPad({
    name: INBOX_PAD_NAME,
    description: 'Notes recorded from the header land here. Move them to another pad from the note’s page.',
  });
}
