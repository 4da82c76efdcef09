import { useMemo, useSyncExternalStore } from 'react';
import { listOutboxItems, outboxOwner, subscribeToOutbox } from '../outbox-store.ts';
import { outboxIsBusy, type OutboxItem } from '../utils/outbox-item.ts';

/**
 * The signed-in account's outbox as React sees it: read again from IndexedDB after every
 * change in any tab, so a reload, another tab or the uploader all show the same items.
 */
let snapshot: readonly OutboxItem[] = [];
const readers = new Set<() => void>();
let reading = 0;
let watching = false;

async function refresh() {
  const turn = ++reading;
  const owner = outboxOwner();
  let next: readonly OutboxItem[] = [];
  try {
    next = owner === null ? [] : await listOutboxItems(owner);
  } catch (error) {
    console.warn('The outbox could not be read.', error);
  }
  if (turn !== reading) return;
  snapshot = next;
  for (const reader of readers) reader();
}

function subscribe(onChange: () => void): () => void {
  readers.add(onChange);
  if (!watching) {
    watching = true;
    subscribeToOutbox(() => void refresh());
    void refresh();
  }
  return () => readers.delete(onChange);
}

const getSnapshot = () => snapshot;
const noItems: readonly OutboxItem[] = [];

export function useOutboxItems(): readonly OutboxItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => noItems);
}

/** The items on their way to one pad, oldest first. */
export function usePadOutbox(padId: string): readonly OutboxItem[] {
  const items = useOutboxItems();
  return useMemo(() => items.filter((item) => item.padId === padId), [items, padId]);
}

/** True while an upload runs or waits for its turn: leaving the page would stop it for now. */
export function useOutboxBusy(): boolean {
  return outboxIsBusy(useOutboxItems());
}
