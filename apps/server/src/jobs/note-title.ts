import type { Db } from '../db/database.ts';

/** A title made from a transcript holds at most this many words: enough to recognise a note. */
export const TITLE_WORDS = 8;
/** Long "words" (a URL read out, say) still give a title that fits a list row. */
const TITLE_MAX_CHARS = 80;

const SENTENCE_END = /[.!?]["')\]]*$/;
/** Punctuation a cut-off title should not end on ("buy milk," or "so:"). */
const TRAILING = /[\s,;:\-–—.]+$/u;

/**
 * A title from the transcript's first words: its first sentence when that is short, otherwise
 * its first `TITLE_WORDS` words and "…". Sentence case: only the first letter is raised, so
 * "I", names and acronyms stay as they were heard. Null when nothing was said.
 */
export function titleFromTranscript(transcript: string | null): string | null {
  const words = (transcript ?? '').split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  const taken: string[] = [];
  let sentenceEnded = false;
  for (const word of words.slice(0, TITLE_WORDS)) {
    taken.push(word);
    if (SENTENCE_END.test(word)) {
      sentenceEnded = true;
      break;
    }
  }
  let text = taken.join(' ');
  let cut = !sentenceEnded && taken.length < words.length;
  if (text.length > TITLE_MAX_CHARS) {
    const slice = text.slice(0, TITLE_MAX_CHARS);
    const space = slice.lastIndexOf(' ');
    text = space > TITLE_MAX_CHARS / 2 ? slice.slice(0, space) : slice;
    cut = true;
  }
  // A question keeps its mark; a statement's full stop and any dangling comma go.
  text = text.endsWith('?') || text.endsWith('!') ? text : text.replace(TRAILING, '');
  if (text === '') return null;
  const titled = text.charAt(0).toLocaleUpperCase('en') + text.slice(1);
  return cut ? `${titled}…` : titled;
}

/**
 * Names the note after its transcript unless someone named it (a file name or a rename): runs
 * in the transaction that stores the transcript, and the condition is part of the write, so a
 * rename that lands first is never overwritten.
 */
export async function nameNoteAfterTranscript(
  db: Db,
  owner: { ownerId: string; noteId: string },
  transcript: string,
): Promise<void> {
  const title = titleFromTranscript(transcript);
  if (title === null) return;
  await db
    .updateTable('voice_notes')
    .set({ title, title_source: 'transcript' })
    .where('id', '=', owner.noteId)
    .where('owner_id', '=', owner.ownerId)
    .where('title_source', 'in', ['default', 'transcript'])
    .execute();
}
