import { useCallback, useState } from 'react';
import { clickNote, emptySelection, selectAll, type NoteSelection } from '../utils/note-selection.ts';

export interface NoteSelectionControls {
  selected: ReadonlySet<string>;
  /** A checkbox click; `shift` extends the range from the last plain click. */
  click: (id: string, shift: boolean) => void;
  /** Selects exactly `ids`: the notes shown, or every note the list matches. */
  selectAll: (ids: readonly string[]) => void;
  clear: () => void;
}

/** The notes selected in a list whose rows are `orderedIds`, in the order shown. */
export function useNoteSelection(orderedIds: readonly string[]): NoteSelectionControls {
  const [selection, setSelection] = useState<NoteSelection>(emptySelection);
  const click = useCallback(
    (id: string, shift: boolean) => setSelection((current) => clickNote(current, orderedIds, id, shift)),
    [orderedIds],
  );
  const all = useCallback((ids: readonly string[]) => setSelection(selectAll(ids)), []);
  const clear = useCallback(() => setSelection(emptySelection), []);
  return { selected: selection.selected, click, selectAll: all, clear };
}
