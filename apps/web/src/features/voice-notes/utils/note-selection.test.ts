import { describe, expect, it } from 'vitest';
import { clickNote, emptySelection, selectAll, type NoteSelection } from './note-selection.ts';

const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
const click = (selection: NoteSelection, id: string, shift = false) => clickNote(selection, IDS, id, shift);
const selected = (selection: NoteSelection) => [...selection.selected].sort();

describe('selecting notes with clicks and shift-clicks', () => {
  it('toggles one note with a plain click, and makes it the anchor', () => {
    const one = click(emptySelection, 'c');
    expect(selected(one)).toEqual(['c']);
    expect(one.anchor).toBe('c');
    const none = click(one, 'c');
    expect(selected(none)).toEqual([]);
    expect(none.anchor).toBe('c');
  });

  it('selects the range from the anchor with a shift-click, downwards and upwards', () => {
    expect(selected(click(click(emptySelection, 'b'), 'e', true))).toEqual(['b', 'c', 'd', 'e']);
    expect(selected(click(click(emptySelection, 'e'), 'b', true))).toEqual(['b', 'c', 'd', 'e']);
  });

  it('keeps the anchor, so a second shift-click reshapes the range from the same note', () => {
    const range = click(click(emptySelection, 'b'), 'e', true);
    expect(range.anchor).toBe('b');
    // Shift-clicking a selected note clears the range up to it, anchor included.
    expect(selected(click(range, 'd', true))).toEqual(['e']);
  });

  it('adds a range to what was selected before, leaving notes outside it alone', () => {
    const before = click(click(emptySelection, 'a'), 'd');
    expect(selected(click(before, 'f', true))).toEqual(['a', 'd', 'e', 'f']);
  });

  it('clears a range when the shift-clicked note was selected', () => {
    const all = { ...selectAll(IDS), anchor: 'b' };
    expect(selected(click(all, 'd', true))).toEqual(['a', 'e', 'f']);
  });

  it('treats a shift-click without an anchor in the list as a plain click', () => {
    expect(selected(click(emptySelection, 'c', true))).toEqual(['c']);
    const gone = { selected: new Set(['z']), anchor: 'z' };
    const after = click(gone, 'c', true);
    expect(selected(after)).toEqual(['c', 'z']);
    expect(after.anchor).toBe('c');
  });
});
