import { useId, useState } from 'react';
import { Button, buttonClasses, focusRing } from '../../../components/ui/button.tsx';
import { ConfirmPanel } from '../../../components/ui/confirm-panel.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { type BulkTagAction, BulkTagDialog } from './bulk-tag-dialog.tsx';

export interface BulkBarProps {
  /** Notes selected, shown or not. */
  count: number;
  /** Notes the list shows now, and how many of them are selected. */
  shown: number;
  shownSelected: number;
  /** Notes the list holds in all (its pad's count), for "Select all N"; null when a filter
   * narrows the list, whose matches are counted only when selected. */
  total: number | null;
  /** More notes than shown match (further pages). */
  hasMore: boolean;
  /** At most this many notes per action (the server's default BULK_MAX_IDS). */
  maxIds: number;
  /** Pads the notes can move to (not their own). */
  moveTargets: { id: string; name: string }[];
  /** The person's tags, offered by "Tag…" and "Remove tag…". */
  tagSuggestions: readonly string[];
  busy: boolean;
  selectingAll: boolean;
  errors: string[];
  exportHref: string;
  onSelectShown: () => void;
  onSelectAll: () => void;
  onClear: () => void;
  onMove: (padId: string) => void;
  /** Adds or removes one tag on every selected note; answers whether it was done. */
  onTag: (action: BulkTagAction, name: string) => Promise<boolean>;
  onRetranscribe: () => void;
  onDelete: () => void;
}

const notes = (count: number) => (count === 1 ? '1 voice note' : `${count} voice notes`);

/**
 * What can be done with the selected notes of a list: select all of them, move, tag or untag,
 * re-transcribe, export or delete. The count is a live region, so a screen reader hears each change.
 */
export function BulkBar(props: BulkBarProps) {
  const { count, shown, shownSelected, total, maxIds, busy } = props;
  const moveId = useId();
  const [target, setTarget] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [tagging, setTagging] = useState<BulkTagAction | null>(null);
  const chosen = props.moveTargets.some((pad) => pad.id === target)
    ? target
    : (props.moveTargets[0]?.id ?? null);
  const tooMany = count > maxIds;
  const off = busy || count === 0 || tooMany;

  return (
    <div
      role="region"
      aria-label="Selected voice notes"
      className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex items-center gap-2 text-sm text-slate-800 max-sm:min-h-11 dark:text-slate-200">
          <input
            type="checkbox"
            className={`size-4 rounded max-sm:size-11 ${focusRing}`}
            checked={shown > 0 && shownSelected === shown}
            ref={(box) => {
              if (box) box.indeterminate = shownSelected > 0 && shownSelected < shown;
            }}
            onChange={(event) => (event.target.checked ? props.onSelectShown() : props.onClear())}
          />
          Select all shown
        </label>
        <p role="status" aria-live="polite" className="text-sm font-medium text-slate-900 dark:text-slate-50">
          {count === 0 ? 'No voice notes selected' : `${notes(count)} selected`}
        </p>
        {count > 0 && shownSelected === shown && (total === null ? props.hasMore : total > count) ? (
          <Button variant="ghost" onClick={props.onSelectAll} disabled={props.selectingAll}>
            {props.selectingAll
              ? 'Selecting…'
              : total === null
                ? 'Select all that match the filters'
                : `Select all ${total} in this pad`}
          </Button>
        ) : null}
        {count > 0 ? (
          <Button variant="ghost" onClick={props.onClear}>
            Clear selection
          </Button>
        ) : null}
      </div>
      {tooMany ? (
        <p className="text-sm text-amber-800 dark:text-amber-200">
          One action can take at most {maxIds} voice notes. Select fewer, then do the rest in another go.
        </p>
      ) : null}
      {count > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          {chosen !== null ? (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                props.onMove(chosen);
              }}
            >
              <div>
                <label
                  htmlFor={moveId}
                  className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
                >
                  Move to pad
                </label>
                <select
                  id={moveId}
                  value={chosen}
                  onChange={(event) => setTarget(event.target.value)}
                  className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
                >
                  {props.moveTargets.map((pad) => (
                    <option key={pad.id} value={pad.id}>
                      {pad.name}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" variant="secondary" disabled={off}>
                {busy ? 'Working…' : `Move ${notes(count)}`}
              </Button>
            </form>
          ) : null}
          <Button variant="secondary" disabled={off} aria-haspopup="dialog" onClick={() => setTagging('tag')}>
            Tag…
          </Button>
          <Button
            variant="secondary"
            disabled={off}
            aria-haspopup="dialog"
            onClick={() => setTagging('untag')}
          >
            Remove tag…
          </Button>
          <Button variant="secondary" disabled={off} onClick={props.onRetranscribe}>
            Re-transcribe
          </Button>
          <a
            href={props.exportHref}
            download
            aria-disabled={tooMany}
            className={buttonClasses('secondary', tooMany ? 'pointer-events-none opacity-50' : '')}
          >
            Export
          </a>
          <Button
            variant="ghost"
            className="text-red-700 dark:text-red-300"
            disabled={off}
            aria-expanded={confirmingDelete}
            onClick={() => setConfirmingDelete(true)}
          >
            Delete…
          </Button>
        </div>
      ) : null}
      {confirmingDelete && count > 0 ? (
        <ConfirmPanel
          message={`Delete ${notes(count)} and their transcripts? You can undo right after.`}
          confirmLabel={`Yes, delete ${notes(count)}`}
          cancelLabel="Keep them"
          busy={busy}
          busyLabel="Deleting…"
          onConfirm={() => {
            setConfirmingDelete(false);
            props.onDelete();
          }}
          onCancel={() => setConfirmingDelete(false)}
        />
      ) : null}
      {/* While the tag dialog is open it shows the errors itself; the page behind it is inert. */}
      {tagging === null ? <FormErrors messages={props.errors} /> : null}
      <BulkTagDialog
        action={count > 0 ? tagging : null}
        count={count}
        suggestions={props.tagSuggestions}
        busy={busy}
        errors={props.errors}
        onSubmit={props.onTag}
        onClose={() => setTagging(null)}
      />
    </div>
  );
}
