/**
 * Which notes of a list are selected for a bulk action, and where the last plain click was
 * (the anchor a shift-click extends from), as in a mail client's list.
 */
export interface NoteSelection {
  selected: ReadonlySet<string>;
  anchor: string | null;
}

export const emptySelection: NoteSelection = { selected: new Set(), anchor: null };

/**
 * A click on `id`'s checkbox. Alone it toggles that note and makes it the anchor. With Shift
 * it gives every note from the anchor to `id` (both included, in list order) the state the
 * clicked note takes, so a range is selected, or cleared, in one go; the anchor stays, so
 * another shift-click reshapes the same range from it. Without an anchor still in the list,
 * a shift-click is a plain click.
 */
export function clickNote(
  selection: NoteSelection,
  orderedIds: readonly string[],
  id: string,
  shift: boolean,
): NoteSelection {
  const selecting = !selection.selected.has(id);
  const from = selection.anchor === null ? -1 : orderedIds.indexOf(selection.anchor);
  const to = orderedIds.indexOf(id);
  const next = new Set(selection.selected);
  if (!shift || from === -1 || to === -1) {
    if (selecting) next.add(id);
    else next.delete(id);
    return { selected: next, anchor: id };
  }
  for (const inRange of orderedIds.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (selecting) next.add(inRange);
    else next.delete(inRange);
  }
  return { selected: next, anchor: selection.anchor };
}

/** Every one of `ids` selected (the list shown, or every note the list matches). */
export function selectAll(ids: readonly string[]): NoteSelection {
  return { selected: new Set(ids), anchor: null };
}
