import { describe, expect, it } from 'vitest';
import { isOwnedByTarget } from '../../../lib/playback.ts';
import {
  hasNext,
  initialPlayerState,
  playerReducer,
  PREFETCH_WHEN_LEFT,
  queueTotal,
  shortcutFor,
  shouldLoadMore,
  type PlayerAction,
  type PlayerState,
} from './player-state.ts';

const loaded: PlayerState = playerReducer(initialPlayerState, {
  type: 'load',
  queue: ['a', 'b', 'c'],
  complete: true,
});

function run(state: PlayerState, ...actions: PlayerAction[]): PlayerState {
  return actions.reduce(playerReducer, state);
}

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `n${from + i}`);

describe('playerReducer', () => {
  it('moves through the queue and stops at either end', () => {
    let state = playerReducer(loaded, { type: 'previous' });
    expect(state.index).toBe(0);
    state = playerReducer(state, { type: 'next' });
    state = playerReducer(state, { type: 'next' });
    state = playerReducer(state, { type: 'next' });
    expect(state.index).toBe(2);
  });

  it('plays the next note when one ends, and stops after the last', () => {
    let state = playerReducer(loaded, { type: 'play' });
    state = playerReducer(state, { type: 'ended' });
    expect(state).toMatchObject({ index: 1, playing: true });
    state = playerReducer(playerReducer(state, { type: 'ended' }), { type: 'ended' });
    expect(state).toMatchObject({ index: 2, playing: false });
  });

  it('steps speed between 0.75× and 2×', () => {
    let state = loaded;
    for (let i = 0; i < 10; i += 1) state = playerReducer(state, { type: 'faster' });
    expect(state.rate).toBe(2);
    for (let i = 0; i < 10; i += 1) state = playerReducer(state, { type: 'slower' });
    expect(state.rate).toBe(0.75);
    expect(playerReducer(state, { type: 'rate', rate: 9 }).rate).toBe(2);
    expect(playerReducer(state, { type: 'rate', rate: 1.25 }).rate).toBe(1.25);
  });

  it('keeps the current note when the list reloads around it', () => {
    const state = playerReducer(
      { ...loaded, index: 1, playing: true },
      { type: 'load', queue: ['z', 'a', 'b'], complete: true },
    );
    expect(state).toMatchObject({ index: 2, playing: true });
    expect(playerReducer(state, { type: 'load', queue: ['x'], complete: true })).toMatchObject({
      index: 0,
      playing: false,
    });
  });

  it('does not play an empty queue', () => {
    expect(playerReducer(initialPlayerState, { type: 'toggle' }).playing).toBe(false);
  });
});

describe('playing across pages', () => {
  const firstPage = playerReducer(initialPlayerState, { type: 'load', queue: ids(0, 3), complete: false });

  it('goes on into the next page when the last loaded note ends before it has arrived', () => {
    let state = run(firstPage, { type: 'select', index: 2 }, { type: 'ended' });
    expect(state).toMatchObject({ index: 2, playing: true, advance: 'ended' });
    // A refetch of the same page changes nothing; the next page moves playback on.
    state = playerReducer(state, { type: 'load', queue: ids(0, 3), complete: false });
    expect(state).toMatchObject({ index: 2, advance: 'ended' });
    state = playerReducer(state, { type: 'load', queue: ids(0, 6), complete: true });
    expect(state).toMatchObject({ index: 3, playing: true, advance: null, complete: true });
    expect(state.queue[state.index]).toBe('n3');
  });

  it('plays straight on when the next page arrived in time', () => {
    let state = run(firstPage, { type: 'select', index: 2 });
    state = playerReducer(state, { type: 'load', queue: ids(0, 6), complete: false });
    expect(state).toMatchObject({ index: 2, playing: true, advance: null });
    state = playerReducer(state, { type: 'ended' });
    expect(state).toMatchObject({ index: 3, playing: true });
  });

  it('Next at the loaded end waits for the next page instead of doing nothing', () => {
    let state = run(firstPage, { type: 'select', index: 2 });
    expect(hasNext(state)).toBe(true);
    state = playerReducer(state, { type: 'next' });
    expect(state).toMatchObject({ index: 2, advance: 'next' });
    state = playerReducer(state, { type: 'load', queue: ids(0, 4), complete: true });
    expect(state).toMatchObject({ index: 3, advance: null });
    expect(hasNext(state)).toBe(false);
    expect(playerReducer(state, { type: 'next' })).toBe(state);
  });

  it('stops after the last note when the server turns out to have no more', () => {
    let state = run(firstPage, { type: 'select', index: 2 }, { type: 'ended' });
    state = playerReducer(state, { type: 'load', queue: ids(0, 3), complete: true });
    expect(state).toMatchObject({ index: 2, playing: false, advance: null });
    // A waiting Next keeps the current note playing.
    state = run(firstPage, { type: 'select', index: 2 }, { type: 'next' });
    state = playerReducer(state, { type: 'load', queue: ids(0, 3), complete: true });
    expect(state).toMatchObject({ index: 2, playing: true, advance: null });
  });

  it('choosing another note cancels a waiting move', () => {
    const state = run(firstPage, { type: 'select', index: 2 }, { type: 'ended' }, { type: 'previous' });
    expect(state).toMatchObject({ index: 1, advance: null });
    expect(playerReducer(state, { type: 'load', queue: ids(0, 6), complete: true }).index).toBe(1);
  });
});

describe('shouldLoadMore', () => {
  const paging = { hasMore: true, isLoading: false, failed: false };
  const at = (index: number, length = 20): Pick<PlayerState, 'queue' | 'index' | 'advance'> => ({
    queue: ids(0, length),
    index,
    advance: null,
  });

  it('asks for the next page only as playback nears the loaded end', () => {
    expect(shouldLoadMore(at(0), paging)).toBe(false);
    expect(shouldLoadMore(at(19 - PREFETCH_WHEN_LEFT - 1), paging)).toBe(false);
    expect(shouldLoadMore(at(19 - PREFETCH_WHEN_LEFT), paging)).toBe(true);
    expect(shouldLoadMore(at(19), paging)).toBe(true);
    expect(shouldLoadMore({ ...at(0), advance: 'next' }, paging)).toBe(true);
    // A first page left empty (its notes all being deleted) still leads on to the next.
    expect(shouldLoadMore(at(0, 0), paging)).toBe(true);
  });

  it('not when there is no more, one is on its way, or the last attempt failed', () => {
    expect(shouldLoadMore(at(19), { ...paging, hasMore: false })).toBe(false);
    expect(shouldLoadMore(at(19), { ...paging, isLoading: true })).toBe(false);
    expect(shouldLoadMore(at(19), { ...paging, failed: true })).toBe(false);
  });
});

describe('queueTotal', () => {
  it("counts the pad's notes while pages are still to come, and what is loaded once complete", () => {
    expect(queueTotal(20, 45, false)).toBe(45);
    expect(queueTotal(20, undefined, false)).toBe(20);
    // The pad's count can be out of date either way.
    expect(queueTotal(40, 38, false)).toBe(40);
    expect(queueTotal(44, 45, true)).toBe(44);
  });
});

describe('shortcutFor', () => {
  it('maps keys to commands', () => {
    expect(shortcutFor({ key: ' ' })).toEqual({ type: 'toggle' });
    expect(shortcutFor({ key: 'ArrowLeft' })).toEqual({ type: 'seek', by: -5 });
    expect(shortcutFor({ key: 'ArrowRight' })).toEqual({ type: 'seek', by: 5 });
    expect(shortcutFor({ key: 'N' })).toEqual({ type: 'next' });
    expect(shortcutFor({ key: 'p' })).toEqual({ type: 'previous' });
    expect(shortcutFor({ key: '+' })).toEqual({ type: 'faster' });
    expect(shortcutFor({ key: '-' })).toEqual({ type: 'slower' });
    expect(shortcutFor({ key: 'x' })).toBeNull();
    expect(shortcutFor({ key: 'n', ctrlKey: true })).toBeNull();
  });

  it('leaves keys to fields, and Space to buttons', () => {
    const input = document.createElement('input');
    const button = document.createElement('button');
    expect(isOwnedByTarget('n', input)).toBe(true);
    expect(isOwnedByTarget(' ', button)).toBe(true);
    expect(isOwnedByTarget('n', button)).toBe(false);
    expect(isOwnedByTarget(' ', document.body)).toBe(false);
  });
});
