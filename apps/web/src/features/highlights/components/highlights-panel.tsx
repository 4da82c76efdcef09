import type { Highlight } from '@voxpad/shared/highlights';
import { defaultHighlightLabel } from '@voxpad/shared/highlights';
import { useState, type ReactNode, type RefObject } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatClock } from '../../../lib/format-duration.ts';
import { useCreateHighlight, useDeleteHighlight, useUpdateHighlight } from '../api/change-highlights.ts';
import { useHighlights } from '../api/get-highlights.ts';
import { useSelectedSpan } from '../hooks/use-selected-span.ts';
import { spanLabel, type Span } from '../utils/selected-span.ts';
import { HighlightForm, type HighlightDraft } from './highlight-form.tsx';

export interface HighlightsPanelProps {
  padId: string;
  noteId: string;
  /** Seek the player there and bring the transcript's words into view. */
  onJump: (seconds: number) => void;
  /** Where the player is now, for a highlight added without a selection. */
  currentTime: () => number;
  /** The transcript, whose selected words (elements with data-start/data-end) become a range. */
  transcript: RefObject<Element | null>;
  /** "Share this range", composed by the page (shares are another feature). */
  shareRange?: (highlight: Highlight & { end: number }) => ReactNode;
  /** More for the selected words beside "Highlight selected words" (e.g. "Said by…"), composed by the page. */
  selectionActions?: (span: Span) => ReactNode;
}

type Editing = { kind: 'new'; draft: HighlightDraft } | { kind: 'edit'; highlight: Highlight };

/**
 * A note's highlights as a jump list (time and label; choosing one plays from there), with
 * adding one from the selected words of the transcript (or at the player's position), editing
 * and deleting. Keyboard and screen reader: every action is a labelled button.
 */
export function HighlightsPanel({
  padId,
  noteId,
  onJump,
  currentTime,
  transcript,
  shareRange,
  selectionActions,
}: HighlightsPanelProps) {
  const highlights = useHighlights(padId, noteId);
  const selected = useSelectedSpan(transcript);
  const create = useCreateHighlight();
  const update = useUpdateHighlight();
  const remove = useDeleteHighlight();
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = highlights.data ?? [];
  const nextLabel = defaultHighlightLabel(list.length + 1);

  const add = (start: number, end: number | null) =>
    setEditing({ kind: 'new', draft: { start, end, label: nextLabel, comment: '' } });

  const save = async (draft: HighlightDraft) => {
    if (editing?.kind === 'edit') {
      await update.mutateAsync({ padId, noteId, id: editing.highlight.id, ...draft });
      toast.success('Highlight saved.');
    } else {
      await create.mutateAsync({ padId, noteId, ...draft });
      toast.success('Highlight added.');
    }
    setEditing(null);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {selected ? (
          <Button variant="secondary" onClick={() => add(selected.start, selected.end)}>
            Highlight selected words ({spanLabel(selected.start, selected.end, formatClock)})
          </Button>
        ) : null}
        {selected && selectionActions ? selectionActions(selected) : null}
        <Button variant="secondary" onClick={() => add(Math.round(currentTime() * 10) / 10, null)}>
          Add highlight at the current time
        </Button>
      </div>
      {!selected ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Select words in the transcript to highlight what they span.
        </p>
      ) : null}
      {highlights.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading highlights…</p>
      ) : highlights.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The highlights could not be loaded. Reload the page to try again.
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No highlights yet. Mark moments while recording (H), or add one here.
        </p>
      ) : (
        <ul aria-label="Highlights" className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((highlight) => (
            <li key={highlight.id} className="flex flex-wrap items-start gap-2 py-2">
              <button
                type="button"
                onClick={() => onJump(highlight.start)}
                aria-label={`Jump to ${spanLabel(highlight.start, highlight.end, formatClock)}: ${highlight.label}`}
                className={`min-w-0 flex-1 rounded px-1 py-1 text-left hover:bg-indigo-50 max-sm:min-h-11 dark:hover:bg-indigo-500/20 ${focusRing}`}
              >
                <span className="mr-2 font-mono text-sm text-indigo-700 tabular-nums dark:text-indigo-300">
                  {spanLabel(highlight.start, highlight.end, formatClock)}
                </span>
                <span className="font-medium text-slate-900 dark:text-slate-50">{highlight.label}</span>
                {highlight.comment ? (
                  <span className="block text-sm break-words text-slate-600 dark:text-slate-300">
                    {highlight.comment}
                  </span>
                ) : null}
              </button>
              <div className="flex flex-wrap gap-1">
                {highlight.end !== null && shareRange
                  ? shareRange({ ...highlight, end: highlight.end })
                  : null}
                <Button
                  variant="ghost"
                  aria-label={`Edit “${highlight.label}”`}
                  onClick={() => setEditing({ kind: 'edit', highlight })}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Delete “${highlight.label}”`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { padId, noteId, id: highlight.id },
                      {
                        onSuccess: () => toast.success(`Highlight “${highlight.label}” deleted.`),
                        onError: () =>
                          toast.error('The highlight could not be deleted. Try again in a moment.'),
                      },
                    )
                  }
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        title={editing?.kind === 'edit' ? 'Edit highlight' : 'New highlight'}
        onRequestClose={() => setEditing(null)}
      >
        {editing ? (
          <HighlightForm
            key={editing.kind === 'edit' ? editing.highlight.id : 'new'}
            initial={editing.kind === 'edit' ? editing.highlight : editing.draft}
            submitLabel={editing.kind === 'edit' ? 'Save' : 'Add highlight'}
            busy={create.isPending || update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
