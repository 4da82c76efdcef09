import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem, OutboxStatus } from '../utils/outbox-item.ts';
import { useOutboxLeaveWarning } from './use-outbox-leave-warning.ts';

// jsdom has no IndexedDB: the store is stood in for by a list this test changes.
const store = vi.hoisted(() => ({
  items: [] as OutboxItem[],
  listeners: new Set<() => void>(),
}));
vi.mock('../outbox-store.ts', () => ({
  outboxOwner: () => 'u1',
  listOutboxItems: () => Promise.resolve(store.items),
  subscribeToOutbox: (listener: () => void) => {
    store.listeners.add(listener);
    return () => store.listeners.delete(listener);
  },
}));

function item(status: OutboxStatus): OutboxItem {
  return {
    id: `item-${status}`,
    ownerId: 'u1',
    padId: 'p1',
    fileName: 'recording.webm',
    mimeType: 'audio/webm',
    size: 1000,
    blob: new Blob([new Uint8Array(1000)]),
    status,
    uploadUrl: null,
    bytesSent: 0,
    error: null,
    retryable: true,
    noteId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function setOutbox(items: OutboxItem[]) {
  store.items = items;
  act(() => {
    for (const listener of store.listeners) listener();
  });
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** True when the page asked before unloading, as the browser's beforeunload prompt does. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function Harness() {
  useOutboxLeaveWarning();
  return null;
}

beforeEach(() => setOutbox([]));
afterEach(cleanup);

describe('useOutboxLeaveWarning', () => {
  it('asks before the tab closes while an upload runs or waits its turn, and stops asking once sent', async () => {
    setOnline(true);
    render(<Harness />);
    expect(leavingAsks()).toBe(false);

    setOutbox([item('uploading')]);
    await waitFor(() => expect(leavingAsks()).toBe(true));

    setOutbox([item('done'), item('waiting')]);
    await waitFor(() => expect(leavingAsks()).toBe(true));

    setOutbox([item('done'), item('paused'), item('failed')]);
    await waitFor(() => expect(leavingAsks()).toBe(false));
  });

  it('does not ask while offline: nothing is being sent, and what waits survives a reload', async () => {
    setOnline(false);
    render(<Harness />);
    setOutbox([item('waiting')]);
    // Give the outbox read its turn, then check it still does not ask.
    await act(() => Promise.resolve());
    expect(leavingAsks()).toBe(false);

    setOnline(true);
    await waitFor(() => expect(leavingAsks()).toBe(true));
  });
});
