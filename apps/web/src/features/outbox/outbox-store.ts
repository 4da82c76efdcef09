import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { applyOutboxEvent, type OutboxEvent, type OutboxItem } from './utils/outbox-item.ts';

/**
 * The outbox lives in IndexedDB, so audio survives reloads, closed tabs and days offline.
 * Every change is announced to this tab's listeners and, through a BroadcastChannel, to the
 * other tabs of the same origin.
 */
interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { 'by-owner': string } };
}

const DB_NAME = 'voxpad-outbox';
const CHANNEL_NAME = 'voxpad-outbox';

let dbPromise: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  dbPromise ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      const items = database.createObjectStore('items', { keyPath: 'id' });
      items.createIndex('by-owner', 'ownerId');
    },
  });
  return dbPromise;
}

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
channel?.addEventListener('message', () => notifyHere());

function notifyHere() {
  for (const listener of listeners) listener();
}

function announce() {
  notifyHere();
  channel?.postMessage('changed');
}

/** Calls `listener` after any change to the outbox, made in this tab or another. */
export function subscribeToOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let currentOwner: string | null = null;

/** The signed-in account: what is enqueued from now on is theirs, and only theirs is shown. */
export function setOutboxOwner(ownerId: string | null) {
  if (currentOwner === ownerId) return;
  currentOwner = ownerId;
  notifyHere();
}

export function outboxOwner(): string | null {
  return currentOwner;
}

export async function listOutboxItems(ownerId: string): Promise<OutboxItem[]> {
  const items = await (await db()).getAllFromIndex('items', 'by-owner', ownerId);
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getOutboxItem(id: string): Promise<OutboxItem | undefined> {
  return (await db()).get('items', id);
}

/**
 * Applies `event` inside one IndexedDB transaction, so two tabs never overwrite each
 * other's change. Returns the stored item (unchanged when the event did not apply).
 */
export async function updateOutboxItem(id: string, event: OutboxEvent): Promise<OutboxItem | undefined> {
  const tx = (await db()).transaction('items', 'readwrite');
  const item = await tx.store.get(id);
  if (!item) {
    await tx.done;
    return undefined;
  }
  const next = applyOutboxEvent(item, event);
  if (next !== item) await tx.store.put(next);
  await tx.done;
  if (next !== item) announce();
  return next;
}

export async function removeOutboxItem(id: string): Promise<void> {
  await (await db()).delete('items', id);
  announce();
}

/** Drops every item of `ownerId`, sent or not: their account was deleted, and its recordings go too. */
export async function removeOwnerItems(ownerId: string): Promise<void> {
  const tx = (await db()).transaction('items', 'readwrite');
  const ids = await tx.store.index('by-owner').getAllKeys(ownerId);
  await Promise.all(ids.map((id) => tx.store.delete(id)));
  await tx.done;
  if (ids.length > 0) announce();
}

export interface RecordingToSend {
  padId: string;
  blob: Blob;
  fileName: string;
  mimeType: string;
  durationSeconds?: number;
  /** Moments marked while recording (seconds), filed as highlights once the note exists. */
  marks?: readonly number[];
  /** How many people speak ("1".."8"); absent or "auto": the server finds out. */
  speakers?: string | undefined;
}

async function enqueue(input: RecordingToSend): Promise<OutboxItem> {
  const ownerId = currentOwner;
  if (ownerId === null) throw new Error('Log in to upload recordings.');
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    ownerId,
    padId: input.padId,
    fileName: input.fileName,
    mimeType: input.mimeType || input.blob.type || 'application/octet-stream',
    size: input.blob.size,
    ...(input.durationSeconds === undefined ? {} : { durationSeconds: input.durationSeconds }),
    ...(input.marks && input.marks.length > 0 ? { marks: [...input.marks] } : {}),
    ...(input.speakers && input.speakers !== 'auto' ? { speakers: input.speakers } : {}),
    blob: input.blob,
    status: 'waiting',
    uploadUrl: null,
    bytesSent: 0,
    error: null,
    retryable: true,
    noteId: null,
    createdAt: new Date().toISOString(),
  };
  await (await db()).put('items', item);
  announce();
  return item;
}

/** Keeps a finished recording in the outbox; it uploads as soon as the server is reachable. */
export function enqueueRecording(input: RecordingToSend): Promise<OutboxItem> {
  return enqueue(input);
}

/** Keeps a picked or dropped (or shared) file in the outbox for `padId`. */
export function enqueueFile(padId: string, file: File, speakers?: string): Promise<OutboxItem> {
  return enqueue({ padId, blob: file, fileName: file.name, mimeType: file.type, speakers });
}
