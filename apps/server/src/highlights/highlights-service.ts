/**
 * A note's highlights (ADR 0054): listing, adding, changing and deleting them. The note must
 * be the person's; a highlight starts within the note (when its length is known) and a range
 * ends after its start and within the note.
 */
import {
  HIGHLIGHT_LIMITS,
  type CreateHighlightInput,
  type Highlight,
  type UpdateHighlightInput,
} from '@voxpad/shared/highlights';
import type { Db } from '../db/database.ts';
import type { HighlightRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import {
  endNotAfterStart,
  endOutsideNote,
  highlightNotFound,
  noteNotFound,
  startOutsideNote,
  tooManyHighlights,
} from './highlights-problems.ts';
import { presentHighlight } from './highlights-presenter.ts';
import {
  countHighlights,
  deleteHighlight,
  findHighlight,
  findHighlightNote,
  insertHighlight,
  listHighlights,
  updateHighlight,
} from './highlights-repository.ts';

/**
 * A recorded length is rounded, and a mark made as the recorder stops may land a moment past
 * the end of what was kept: this much past the end still counts, and is brought back to it.
 */
const LENGTH_SLACK_SECONDS = 0.5;

export interface NoteRef {
  ownerId: string;
  padId: string;
  noteId: string;
}

async function ownNote(db: Db, ref: NoteRef) {
  const note = await findHighlightNote(db, ref.ownerId, ref.padId, ref.noteId);
  if (!note) throw noteNotFound();
  return { id: note.id, duration: note.duration_seconds === null ? null : Number(note.duration_seconds) };
}

/** Checks a span against the note and answers it brought within the note's length. */
function withinNote(start: number, end: number | null, duration: number | null) {
  if (end !== null && end <= start) throw endNotAfterStart();
  if (duration === null) return { start, end };
  if (start > duration + LENGTH_SLACK_SECONDS || (start >= duration && end !== null)) {
    throw startOutsideNote(duration);
  }
  if (end !== null && end > duration + LENGTH_SLACK_SECONDS) throw endOutsideNote(duration);
  return { start: Math.min(start, duration), end: end === null ? null : Math.min(end, duration) };
}

export async function listNoteHighlights(db: Db, ref: NoteRef): Promise<Highlight[]> {
  const note = await ownNote(db, ref);
  return (await listHighlights(db, ref.ownerId, note.id)).map(presentHighlight);
}

export async function addHighlight(db: Db, ref: NoteRef, input: CreateHighlightInput): Promise<Highlight> {
  const note = await ownNote(db, ref);
  const span = withinNote(input.start, input.end ?? null, note.duration);
  if ((await countHighlights(db, ref.ownerId, note.id)) >= HIGHLIGHT_LIMITS.perNote) {
    throw tooManyHighlights(HIGHLIGHT_LIMITS.perNote);
  }
  const now = Date.now();
  const row: HighlightRow = {
    id: newId(now),
    note_id: note.id,
    owner_id: ref.ownerId,
    start_seconds: span.start,
    end_seconds: span.end,
    label: input.label.trim(),
    comment: (input.comment ?? '').trim(),
    created_at: now,
    updated_at: now,
  };
  await insertHighlight(db, row);
  return presentHighlight(row);
}

export async function changeHighlight(
  db: Db,
  ref: NoteRef,
  id: string,
  input: UpdateHighlightInput,
): Promise<Highlight> {
  const note = await ownNote(db, ref);
  const current = await findHighlight(db, ref.ownerId, note.id, id);
  if (!current) throw highlightNotFound();
  const start = input.start ?? Number(current.start_seconds);
  const currentEnd = current.end_seconds === null ? null : Number(current.end_seconds);
  const end = input.end === undefined ? currentEnd : input.end;
  const span = withinNote(start, end, note.duration);
  const updated = await updateHighlight(db, ref.ownerId, note.id, id, {
    start_seconds: span.start,
    end_seconds: span.end,
    ...(input.label === undefined ? {} : { label: input.label.trim() }),
    ...(input.comment === undefined ? {} : { comment: input.comment.trim() }),
    updated_at: Date.now(),
  });
  const row = updated ? await findHighlight(db, ref.ownerId, note.id, id) : undefined;
  if (!row) throw highlightNotFound();
  return presentHighlight(row);
}

export async function removeHighlight(db: Db, ref: NoteRef, id: string): Promise<void> {
  const note = await ownNote(db, ref);
  if (!(await deleteHighlight(db, ref.ownerId, note.id, id))) throw highlightNotFound();
}

/**
 * Files the highlights an export carried with a note it imports (ADR 0054): the note is new
 * and the person's, so only the limits are applied; what is too long is cut, not refused.
 */
export async function fileCarriedHighlights(
  db: Db,
  ownerId: string,
  noteId: string,
  carried: readonly { start: number; end: number | null; label: string; comment: string }[],
): Promise<void> {
  const now = Date.now();
  for (const highlight of carried.slice(0, HIGHLIGHT_LIMITS.perNote)) {
    const label = highlight.label.trim().slice(0, HIGHLIGHT_LIMITS.labelMax);
    if (label === '' || !(highlight.start >= 0)) continue;
    const end = highlight.end !== null && highlight.end > highlight.start ? highlight.end : null;
    await insertHighlight(db, {
      id: newId(now),
      note_id: noteId,
      owner_id: ownerId,
      start_seconds: highlight.start,
      end_seconds: end,
      label,
      comment: highlight.comment.trim().slice(0, HIGHLIGHT_LIMITS.commentMax),
      created_at: now,
      updated_at: now,
    });
  }
}
