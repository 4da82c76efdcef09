import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleUndoable, UNDO_DELAY_MS } from './undoable.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('scheduleUndoable', () => {
  it('waits 5 s before running', () => {
    const action = vi.fn();
    scheduleUndoable(action);
    vi.advanceTimersByTime(UNDO_DELAY_MS - 1);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('undo within the delay cancels it for good', () => {
    const action = vi.fn();
    const pending = scheduleUndoable(action);
    vi.advanceTimersByTime(4000);
    expect(pending.undo()).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(action).not.toHaveBeenCalled();
    expect(pending.undo()).toBe(false);
  });

  it('undo after it ran reports false; flush runs it once, early', () => {
    const action = vi.fn();
    const pending = scheduleUndoable(action, 1000);
    pending.flush();
    pending.flush();
    vi.advanceTimersByTime(2000);
    expect(action).toHaveBeenCalledTimes(1);
    expect(pending.undo()).toBe(false);
    expect(pending.settled()).toBe(true);
  });

  it('runs at once when the page is left', () => {
    const action = vi.fn();
    scheduleUndoable(action);
    window.dispatchEvent(new Event('pagehide'));
    expect(action).toHaveBeenCalledTimes(1);
  });
});
