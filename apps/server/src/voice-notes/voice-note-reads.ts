/**
 * Voice notes as the API shows them, with their tags (ADR 0045): one note, a pad's page, the
 * newest across pads. Lists are narrowed by the note filters.
 */
import type { NoteFilters } from '@voxpad/shared/note-filters';
import type { Page } from '@voxpad/shared/pagination';
import type { RecentVoiceNote } from '@voxpad/shared/recent-voice-notes';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/api-problem.ts';
import { toPage, type Cursor } from '../lib/cursor.ts';
import { padExists } from '../pads/pads-repository.ts';
import { tagsOfNote, tagsOfNotes } from '../tags/tags-repository.ts';
import { presentRecentVoiceNote, presentVoiceNote } from './voice-note-presenter.ts';
import { findVoiceNote, listRecentVoiceNotes, listVoiceNotes } from './voice-notes-repository.ts';

export async function readVoiceNote(db: Db, ownerId: string, padId: string, id: string): Promise<VoiceNote> {
  const row = await findVoiceNote(db, ownerId, padId, id);
  if (!row) throw notFound('This voice note');
  return presentVoiceNote(row, await tagsOfNote(db, ownerId, id));
}

export async function readPadVoiceNotes(
  db: Db,
  ownerId: string,
  padId: string,
  page: { cursor: Cursor | undefined; limit: number },
  filters: NoteFilters,
): Promise<Page<VoiceNote>> {
  if (!(await padExists(db, ownerId, padId))) throw notFound('This pad');
  const rows = await listVoiceNotes(db, ownerId, padId, page.cursor, page.limit, filters);
  const shown = toPage(rows, page.limit, page.cursor);
  const tags = await tagsOfNotes(
    db,
    ownerId,
    shown.results.map((row) => row.id),
  );
  return { ...shown, results: shown.results.map((row) => presentVoiceNote(row, tags.get(row.id) ?? [])) };
}

export async function readRecentVoiceNotes(
  db: Db,
  ownerId: string,
  limit: number,
  filters: NoteFilters,
): Promise<RecentVoiceNote[]> {
  const rows = await listRecentVoiceNotes(db, ownerId, limit, filters);
  const tags = await tagsOfNotes(
    db,
    ownerId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentRecentVoiceNote(row, tags.get(row.id) ?? []));
}
