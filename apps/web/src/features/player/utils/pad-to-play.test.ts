import { describe, expect, it } from 'vitest';
import { padToPlay } from './pad-to-play.ts';

const pads = [
  { id: 'empty', voice_note_count: 0 },
  { id: 'work', voice_note_count: 3 },
  { id: 'home', voice_note_count: 2 },
];

describe('padToPlay', () => {
  it('opens the pad named in the link', () => {
    expect(padToPlay({ chosen: 'home', lastNotePad: 'work', pads, morePads: false })).toBe('home');
  });

  it('opens the pad of the most recent note when none is named', () => {
    expect(padToPlay({ chosen: undefined, lastNotePad: 'home', pads, morePads: false })).toBe('home');
  });

  it('waits for a wanted pad that is on a page still to come', () => {
    expect(padToPlay({ chosen: undefined, lastNotePad: 'later', pads, morePads: true })).toBeUndefined();
    expect(padToPlay({ chosen: 'later', lastNotePad: 'home', pads, morePads: true })).toBeUndefined();
  });

  it('falls back to the last recorded pad, then the first pad with notes, then the first pad', () => {
    expect(padToPlay({ chosen: 'gone', lastNotePad: 'home', pads, morePads: false })).toBe('home');
    expect(padToPlay({ chosen: 'gone', lastNotePad: undefined, pads, morePads: false })).toBe('work');
    expect(padToPlay({ chosen: undefined, lastNotePad: undefined, pads: [pads[0]!], morePads: false })).toBe(
      'empty',
    );
    expect(
      padToPlay({ chosen: undefined, lastNotePad: undefined, pads: [], morePads: false }),
    ).toBeUndefined();
  });
});
