import { describe, expect, it } from 'vitest';
import {
  initialPlayerState,
  isOwnedByTarget,
  playerReducer,
  shortcutFor,
  type PlayerState,
} from './player-state.ts';

const loaded: PlayerState = playerReducer(initialPlayerState, { type: 'load', queue: ['a', 'b', 'c'] });

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

  it('steps speed between 0.5× and 2×', () => {
    let state = loaded;
    for (let i = 0; i < 10; i += 1) state = playerReducer(state, { type: 'faster' });
    expect(state.rate).toBe(2);
    for (let i = 0; i < 10; i += 1) state = playerReducer(state, { type: 'slower' });
    expect(state.rate).toBe(0.5);
    expect(playerReducer(state, { type: 'rate', rate: 9 }).rate).toBe(2);
    expect(playerReducer(state, { type: 'rate', rate: 1.25 }).rate).toBe(1.25);
  });

  it('keeps the current note when the list reloads around it', () => {
    const state = playerReducer(
      { ...loaded, index: 1, playing: true },
      { type: 'load', queue: ['z', 'a', 'b'] },
    );
    expect(state).toMatchObject({ index: 2, playing: true });
    expect(playerReducer(state, { type: 'load', queue: ['x'] })).toMatchObject({ index: 0, playing: false });
  });

  it('does not play an empty queue', () => {
    expect(playerReducer(initialPlayerState, { type: 'toggle' }).playing).toBe(false);
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
