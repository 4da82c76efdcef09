/**
 * Making, listing and revoking a person's share links: the note or pad must be theirs, a range
 * must lie within the note, an expiry in the future, and an account keeps at most `maxShares`.
 * The link's token is made here, shown once in the answer and kept only as its SHA-256.
 */
import type { CreateShareInput, CreatedShare, Share } from '@voxpad/shared/shares';
import { sharePagePath } from '@voxpad/shared/shares';
import type { Db } from '../db/database.ts';
import type { ShareRow } from '../db/schema.ts';
import type { PasswordHasher } from '../auth/password/passwords.ts';
import { newId } from '../lib/ids.ts';
import { newToken, sha256 } from '../lib/tokens.ts';
import type { AudioCuts } from './audio-cuts.ts';
import {
  emptyRange,
  expiryInPast,
  lengthUnknown,
  noteNotFound,
  padNotFound,
  rangeOutsideNote,
  shareNotFound,
  tooManyShares,
} from './share-problems.ts';
import { presentShare } from './shares-presenter.ts';
import {
  countShares,
  deleteShare,
  findOwnNote,
  findOwnPad,
  findShare,
  insertShare,
  listShares,
} from './shares-repository.ts';

export interface SharesSettings {
  db: Db;
  passwords: PasswordHasher;
  cuts: AudioCuts;
  /** SHARES_MAX_PER_USER. */
  maxShares: number;
}

/** A recorded length is rounded; a range may end this far past it. */
const LENGTH_SLACK_SECONDS = 0.05;

export async function listOwnShares(
  deps: SharesSettings,
  userId: string,
  filter: { noteId?: string | undefined; padId?: string | undefined },
): Promise<Share[]> {
  return (await listShares(deps.db, userId, filter)).map(presentShare);
}

export async function createShare(
  deps: SharesSettings,
  userId: string,
  input: CreateShareInput,
  origin: string,
): Promise<CreatedShare> {
  const now = Date.now();
  const target = await resolveTarget(deps.db, userId, input);
  const expiresAt = input.expires_at ? Date.parse(input.expires_at) : null;
  if (expiresAt !== null && expiresAt <= now) throw expiryInPast();
  if ((await countShares(deps.db, userId)) >= deps.maxShares) throw tooManyShares(deps.maxShares);
  const token = newToken();
  const row: ShareRow = {
    id: newId(now),
    user_id: userId,
    note_id: target.noteId,
    pad_id: target.padId,
    token_hash: sha256(token),
    start_seconds: target.span?.start ?? null,
    end_seconds: target.span?.end ?? null,
    expires_at: expiresAt,
    password_hash: input.password ? await deps.passwords.hash(input.password) : null,
    allow_download: input.allow_download ? 1 : 0,
    view_count: 0,
    last_viewed_at: null,
    created_at: now,
  };
  await insertShare(deps.db, row);
  // Concurrent creations can all pass the count; counting again keeps the limit without locks.
  if ((await countShares(deps.db, userId)) > deps.maxShares) {
    await deleteShare(deps.db, userId, row.id);
    throw tooManyShares(deps.maxShares);
  }
  const listed = await findShare(deps.db, userId, row.id);
  if (!listed) throw shareNotFound();
  return { ...presentShare(listed), url: `${origin}${sharePagePath(token)}` };
}

export async function revokeShare(deps: SharesSettings, userId: string, id: string): Promise<void> {
  if (!(await deleteShare(deps.db, userId, id))) throw shareNotFound();
  await deps.cuts.forget(id);
}

interface Target {
  noteId: string | null;
  padId: string | null;
  span: { start: number; end: number } | undefined;
}

async function resolveTarget(db: Db, userId: string, input: CreateShareInput): Promise<Target> {
  if (input.pad_id !== undefined) {
    if (!(await findOwnPad(db, userId, input.pad_id))) throw padNotFound();
    return { noteId: null, padId: input.pad_id, span: undefined };
  }
  const note = input.note_id === undefined ? undefined : await findOwnNote(db, userId, input.note_id);
  if (!note) throw noteNotFound();
  const start = input.start ?? null;
  const end = input.end ?? null;
  if (start === null && end === null) return { noteId: note.id, padId: null, span: undefined };
  if (note.duration_seconds === null) throw lengthUnknown();
  const duration = Number(note.duration_seconds);
  const from = start ?? 0;
  const to = end ?? duration;
  if (from >= duration) throw rangeOutsideNote('start', duration);
  if (to > duration + LENGTH_SLACK_SECONDS) throw rangeOutsideNote('end', duration);
  if (to <= from) throw emptyRange();
  return { noteId: note.id, padId: null, span: { start: from, end: Math.min(to, duration) } };
}
