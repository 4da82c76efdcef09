import type { FastifyBaseLogger } from 'fastify';
import type { Pad, PadColor } from '@voxpad/shared/pads';
import type { Db } from '../db/database.ts';
import type { Cursor } from '../lib/cursor.ts';
import { toPage } from '../lib/cursor.ts';
import { newId } from '../lib/ids.ts';
import { notFound } from '../http/api-problem.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { presentPad } from './pad-presenter.ts';
import * as pads from './pads-repository.ts';

export interface PadsDeps {
  db: Db;
  storage: BlobStorage;
  log: FastifyBaseLogger;
}

export async function createPad(
  { db }: PadsDeps,
  ownerId: string,
  input: { name: string; description: string; color: PadColor; icon: string | null },
): Promise<Pad> {
  const now = Date.now();
  const id = newId(now);
  await pads.insertPad(db, { id, owner_id: ownerId, ...input, created_at: now, updated_at: now });
  return getPad({ db }, ownerId, id);
}

export async function getPad({ db }: Pick<PadsDeps, 'db'>, ownerId: string, id: string): Promise<Pad> {
  const row = await pads.findPad(db, ownerId, id);
  if (!row) throw notFound('This pad');
  return presentPad(row);
}

export async function listPads(
  { db }: Pick<PadsDeps, 'db'>,
  ownerId: string,
  cursor: Cursor | undefined,
  limit: number,
) {
  const rows = await pads.listPads(db, ownerId, cursor, limit);
  const page = toPage(rows, limit, cursor);
  return { ...page, results: page.results.map(presentPad) };
}

export async function updatePad(
  { db }: Pick<PadsDeps, 'db'>,
  ownerId: string,
  id: string,
  input: {
    name: string;
    description: string;
    color?: PadColor | undefined;
    icon?: string | null | undefined;
  },
): Promise<Pad> {
  const { name, description, color, icon } = input;
  const updated = await pads.updatePad(db, ownerId, id, {
    name,
    description,
    color,
    icon,
    updated_at: Date.now(),
  });
  if (!updated) throw notFound('This pad');
  return getPad({ db }, ownerId, id);
}

/** Deletes the pad with its notes, then their audio; a blob that cannot be removed is logged. */
export async function deletePad({ db, storage, log }: PadsDeps, ownerId: string, id: string): Promise<void> {
  const keys = await pads.listStorageKeysOfPad(db, ownerId, id);
  const deleted = await pads.deletePad(db, ownerId, id);
  if (!deleted) throw notFound('This pad');
  for (const key of keys) {
    await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete audio'));
  }
}
