/**
 * The note filters of lists and search (ADR 0045) as one condition on `voice_notes`, for any
 * query that reads that table under its own name. The owner is the caller's scope; tags are
 * looked up among the owner's only.
 */
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { NoteFilters } from '@voxpad/shared/note-filters';
import { tagNameKey } from '@voxpad/shared/tags';
import type { Database } from '../db/schema.ts';
import { isSharedNote } from './shared-notes.ts';
import { speaksIn } from './speaker-condition.ts';

/**
 * How a tag filter finds its notes. `set`: a tag's notes are gathered once, for queries that
 * read many notes. `each`: each note's tags are looked up on their own, for a query that checks
 * notes one at a time and stops early (a search that probes its newest matches), where
 * gathering a common tag's 200,000 notes first cost seconds (bench:search). `ids`: as `each`,
 * by the owner's tag ids already looked up (tagIdsByKey); a tag the owner lacks matches nothing.
 */
export type TagLookup = 'set' | 'each' | { ids: ReadonlyMap<string, string> };

export function noteFilterConditions(
  ownerId: string,
  filters: NoteFilters,
  now: number,
  tagLookup: TagLookup = 'set',
): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'voice_notes'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filters.padId !== undefined) conditions.push(eb('voice_notes.pad_id', '=', filters.padId));
  // Each tag narrows further: a note must carry all of them.
  const noteTags = () => eb.selectFrom('voice_note_tags').select('voice_note_tags.note_id');
  const namedTags = (key: string) =>
    noteTags()
      .innerJoin('tags', 'tags.id', 'voice_note_tags.tag_id')
      .where('tags.user_id', '=', ownerId)
      .where('tags.name_key', '=', key);
  for (const key of new Set((filters.tags ?? []).map(tagNameKey))) {
    if (tagLookup === 'set') {
      conditions.push(eb('voice_notes.id', 'in', namedTags(key)));
      continue;
    }
    // `ids`: the tag's own id, so PostgreSQL's planner sees how many notes carry it.
    const id = tagLookup === 'each' ? undefined : tagLookup.ids.get(key);
    if (tagLookup !== 'each' && id === undefined) {
      conditions.push(sql<SqlBool>`false`);
      continue;
    }
    const tagged = id === undefined ? namedTags(key) : noteTags().where('voice_note_tags.tag_id', '=', id);
    conditions.push(eb.exists(tagged.whereRef('voice_note_tags.note_id', '=', 'voice_notes.id')));
  }
  if (filters.createdFrom !== undefined)
    conditions.push(eb('voice_notes.created_at', '>=', filters.createdFrom));
  if (filters.createdTo !== undefined) conditions.push(eb('voice_notes.created_at', '<=', filters.createdTo));
  if (filters.minDuration !== undefined) {
    conditions.push(eb('voice_notes.duration_seconds', '>=', filters.minDuration));
  }
  if (filters.maxDuration !== undefined) {
    conditions.push(eb('voice_notes.duration_seconds', '<=', filters.maxDuration));
  }
  if (filters.status !== undefined) conditions.push(eb('voice_notes.status', '=', filters.status));
  if (filters.edited !== undefined) {
    conditions.push(eb('voice_notes.transcript_edited', '=', filters.edited ? 1 : 0));
  }
  if (filters.speaker !== undefined) conditions.push(speaksIn(filters.speaker));
  if (filters.shared !== undefined) {
    const shared = isSharedNote(ownerId, now);
    conditions.push(filters.shared ? shared : eb.not(shared));
  }
  return eb.and(conditions);
}
