/**
 * What a visitor of a share link may do: read it, unlock it with its password, play (and, when
 * allowed, download) its audio. A link is found by the SHA-256 of its token alone; unknown,
 * revoked and expired links are the same miss of the same query and get the same answer.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { PublicShare } from '@voxpad/shared/shares';
import type { Db } from '../db/database.ts';
import type { ShareRow } from '../db/schema.ts';
import type { PasswordHasher } from '../auth/password/passwords.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { sha256 } from '../lib/tokens.ts';
import { AudioCutError, CUT_CONTENT_TYPE, CUT_EXTENSION, type AudioCuts } from './audio-cuts.ts';
import { presentLockedShare, presentPublicShare, sharedSpan } from './public-share-presenter.ts';
import type { ShareAccess } from './share-access.ts';
import {
  audioUnavailable,
  downloadNotAllowed,
  shareGone,
  shareLocked,
  tooManyTries,
  wrongPassword,
} from './share-problems.ts';
import { countView, findLiveShare, sharedNote, sharedPad, type SharedNoteRow } from './shares-repository.ts';

export interface PublicSharesSettings {
  db: Db;
  storage: BlobStorage;
  passwords: PasswordHasher;
  access: ShareAccess;
  cuts: AudioCuts;
  limiter: RateLimiter;
}

/** What a visitor's browser holds for the link: the access cookie, when a password was typed. */
export interface Visit {
  token: string;
  access: string | undefined;
}

/** Audio to send: its size, type and a way to read all or a byte range of it. */
export interface SharedAudio {
  size: number;
  contentType: string;
  /** Set when the visitor asked to download (and the owner allowed it). */
  downloadName: string | undefined;
  read(range?: { start: number; end: number }): Promise<Readable>;
}

async function liveShare(db: Db, token: string): Promise<ShareRow> {
  const share = await findLiveShare(db, sha256(token), Date.now());
  if (!share) throw shareGone();
  return share;
}

function isOpen(deps: PublicSharesSettings, share: ShareRow, visit: Visit): boolean {
  return share.password_hash === null || deps.access.allows(share.id, visit.access, Date.now());
}

/** The link's page data; a page load of an open link counts as one view. */
export async function readPublicShare(deps: PublicSharesSettings, visit: Visit): Promise<PublicShare> {
  const share = await liveShare(deps.db, visit.token);
  if (!isOpen(deps, share, visit)) return presentLockedShare(share);
  const content = await sharedContent(deps.db, share);
  await countView(deps.db, share.id, Date.now());
  return presentPublicShare(share, visit.token, content.title, content.notes);
}

/**
 * Checks a typed password; every try counts against the visitor's address and the link. The
 * answer is the access cookie's value. An unknown link still costs one password hash, so its
 * answer takes as long as a wrong password's.
 */
export async function unlockShare(
  deps: PublicSharesSettings,
  token: string,
  password: string,
  ip: string,
): Promise<{ access: string | undefined }> {
  const tokenHash = sha256(token);
  const share = await findLiveShare(deps.db, tokenHash, Date.now());
  if (!(await deps.limiter.consume('share_unlock', { ip, key: tokenHash }))) throw tooManyTries(300);
  const check = await deps.passwords.check(password, share?.password_hash ?? null);
  if (!share) throw shareGone();
  if (share.password_hash === null) return { access: undefined };
  if (!check.ok) throw wrongPassword();
  return { access: deps.access.grant(share.id, Date.now()) };
}

/** The audio of a note share (`index` undefined) or of one note of a pad share. */
export async function sharedAudio(
  deps: PublicSharesSettings,
  visit: Visit,
  index: number | undefined,
  download: boolean,
): Promise<SharedAudio> {
  const share = await liveShare(deps.db, visit.token);
  if (!isOpen(deps, share, visit)) throw shareLocked();
  if ((share.pad_id !== null) !== (index !== undefined)) throw shareGone();
  const { notes } = await sharedContent(deps.db, share);
  const note = notes[index ?? 0];
  if (!note) throw shareGone();
  if (download && share.allow_download !== 1) throw downloadNotAllowed();
  const span = sharedSpan(share);
  if (!span) {
    const size = await deps.storage.size(note.storage_key);
    if (size === undefined) throw shareGone();
    return {
      size,
      contentType: note.content_type,
      downloadName: download ? fileName(note.title, extensionOf(note.content_type)) : undefined,
      read: (range) => deps.storage.get(note.storage_key, range),
    };
  }
  let file: string;
  try {
    file = await deps.cuts.cut(share.id, note.storage_key, span);
  } catch (error) {
    if (error instanceof AudioCutError) throw audioUnavailable();
    throw error;
  }
  const { size } = await fs.stat(file);
  return {
    size,
    contentType: CUT_CONTENT_TYPE,
    downloadName: download ? fileName(note.title, CUT_EXTENSION) : undefined,
    read: (range) => Promise.resolve(createReadStream(file, range)),
  };
}

async function sharedContent(db: Db, share: ShareRow): Promise<{ title: string; notes: SharedNoteRow[] }> {
  if (share.pad_id !== null) {
    const pad = await sharedPad(db, share);
    if (!pad) throw shareGone();
    return { title: pad.name, notes: pad.notes };
  }
  const note = await sharedNote(db, share);
  if (!note) throw shareGone();
  return { title: note.title, notes: [note] };
}

const EXTENSIONS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/flac': 'flac',
  'audio/x-matroska': 'mka',
};

function extensionOf(contentType: string): string {
  return EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()] ?? 'audio';
}

/** The note's title as a file name: no path separators or control characters. */
function fileName(title: string, extension: string): string {
  const base =
    [...title]
      .map((char) =>
        char.charCodeAt(0) < 0x20 || char === '\u007f' || '/\\:*?"<>|'.includes(char) ? ' ' : char,
      )
      .join('')
      .trim()
      .slice(0, 100) || 'voice note';
  return `${base}.${extension}`;
}
