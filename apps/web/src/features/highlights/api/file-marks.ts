import { defaultHighlightLabel } from '@voxpad/shared/highlights';
import { createHighlight } from './change-highlights.ts';

/**
 * Adds the moments marked while recording to the note made of the recording (ADR 0054), as
 * "Highlight 1", "Highlight 2"... in order. Answers how many were added; one that fails (say,
 * the note was deleted meanwhile) does not stop the rest.
 */
export async function fileMarks(padId: string, noteId: string, marks: readonly number[]): Promise<number> {
  let added = 0;
  for (const [index, at] of marks.entries()) {
    try {
      await createHighlight({
        padId,
        noteId,
        start: Math.max(0, Math.round(at * 10) / 10),
        label: defaultHighlightLabel(index + 1),
      });
      added += 1;
    } catch {
      // The rest still go in; the person can add a lost one by hand on the note's page.
    }
  }
  return added;
}
