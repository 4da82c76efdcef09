/**
 * Every query of share links. The owner's reads and writes name the owner, so another user's
 * ids match nothing; a visitor's reads go by the token's hash alone, and only find a link that
 * has not expired.
 */
import type { Db } from '../db/database.ts';
import type { ShareRow } from '../db/schema.ts';

const SHARE_COLUMNS = [
  'shares.id',
  'shares.user_id',
  'shares.note_id',
  'shares.pad_id',
  'shares.token_hash',
  'shares.start_seconds',
  'shares.end_seconds',
  'shares.expires_at',
  'shares.password_hash',
  'shares.allow_download',
  'shares.view_count',
  'shares.last_viewed_at',
  'shares.created_at',
] as const;

/** A share with what the owner's list shows of its note or pad. */
export interface ListedShareRow extends ShareRow {
  /** The note's pad (note shares) or the pad (pad shares). */
  target_pad_id: string;
  /** The note's title or the pad's name. */
  title: string;
}

/** What a visitor's note is read from: never its ids. */
export interface SharedNoteRow {
  title: string;
  content_type: string;
  storage_key: string;
  duration_seconds: number | null;
  transcript: string | null;
  segments: string | null;
  /** JSON `[{id, name}]` (ADR 0053). */
  speakers: string | null;
}

const SHARED_NOTE_COLUMNS = [
  'voice_notes.title',
  'voice_notes.content_type',
  'voice_notes.storage_key',
  'voice_notes.duration_seconds',
  'voice_notes.transcript',
  'voice_notes.segments',
  'voice_notes.speakers',
] as const;

export async function insertShare(db: Db, row: ShareRow): Promise<void> {
  await db.insertInto('shares').values(row).execute();
}

/** The owner's shares with the title of what each shares (a note's, or a pad's name). */
function ownersShares(db: Db, userId: string) {
  return db
    .selectFrom('shares')
    .leftJoin('voice_notes', 'voice_notes.id', 'shares.note_id')
    .leftJoin('pads', 'pads.id', 'shares.pad_id')
    .select(SHARE_COLUMNS)
    .select((eb) => [
      eb.fn.coalesce('voice_notes.pad_id', 'shares.pad_id').$castTo<string>().as('target_pad_id'),
      eb.fn.coalesce('voice_notes.title', 'pads.name').$castTo<string>().as('title'),
    ])
    .where('shares.user_id', '=', userId);
}

/** The owner's shares, newest first, optionally of one note or one pad only. */
export async function listShares(
  db: Db,
  userId: string,
  filter: { noteId?: string | undefined; padId?: string | undefined } = {},
): Promise<ListedShareRow[]> {
  let query = ownersShares(db, userId);
  if (filter.noteId !== undefined) query = query.where('shares.note_id', '=', filter.noteId);
  if (filter.padId !== undefined) query = query.where('shares.pad_id', '=', filter.padId);
  return query.orderBy('shares.created_at', 'desc').orderBy('shares.id', 'desc').execute();
}

export async function findShare(db: Db, userId: string, id: string): Promise<ListedShareRow | undefined> {
  return ownersShares(db, userId).where('shares.id', '=', id).executeTakeFirst();
}

export async function countShares(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('shares')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** False when the owner has no share with that id. Revocation is deletion: the link dies at once. */
export async function deleteShare(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('shares')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The owner's note, for a new share of it. */
export async function findOwnNote(
  db: Db,
  userId: string,
  noteId: string,
): Promise<{ id: string; pad_id: string; title: string; duration_seconds: number | null } | undefined> {
  return db
    .selectFrom('voice_notes')
    .select(['id', 'pad_id', 'title', 'duration_seconds'])
    .where('owner_id', '=', userId)
    .where('id', '=', noteId)
    .executeTakeFirst();
}

export async function findOwnPad(
  db: Db,
  userId: string,
  padId: string,
): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('pads')
    .select(['id', 'name'])
    .where('owner_id', '=', userId)
    .where('id', '=', padId)
    .executeTakeFirst();
}

/**
 * The live link with this token hash: unknown, revoked (deleted) and expired links are all
 * the same miss of the same query.
 */
export async function findLiveShare(db: Db, tokenHash: string, now: number): Promise<ShareRow | undefined> {
  return db
    .selectFrom('shares')
    .select(SHARE_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

/** One page load of the link. */
export async function countView(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('shares')
    .set((eb) => ({ view_count: eb('view_count', '+', 1), last_viewed_at: now }))
    .where('id', '=', id)
    .execute();
}

/** The shared note of a note share, as long as it belongs to the share's owner. */
export async function sharedNote(db: Db, share: ShareRow): Promise<SharedNoteRow | undefined> {
  if (share.note_id === null) return undefined;
  return db
    .selectFrom('voice_notes')
    .select(SHARED_NOTE_COLUMNS)
    .where('owner_id', '=', share.user_id)
    .where('id', '=', share.note_id)
    .executeTakeFirst();
}

/** The shared pad's name and its notes, oldest first (their place is the visitor's index). */
export async function sharedPad(
  db: Db,
  share: ShareRow,
): Promise<{ name: string; notes: SharedNoteRow[] } | undefined> {
  if (share.pad_id === null) return undefined;
  const pad = await db
    .selectFrom('pads')
    .select('name')
    .where('owner_id', '=', share.user_id)
    .where('id', '=', share.pad_id)
    .executeTakeFirst();
  if (!pad) return undefined;
  const notes = await db
    .selectFrom('voice_notes')
    .select(SHARED_NOTE_COLUMNS)
    .where('owner_id', '=', share.user_id)
    .where('pad_id', '=', share.pad_id)
    .orderBy('voice_notes.created_at')
    .orderBy('voice_notes.id')
    .execute();
  return { name: pad.name, notes };
}
