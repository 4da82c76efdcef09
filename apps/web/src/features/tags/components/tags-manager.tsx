import { useId, useState, type FormEvent } from 'react';
import { TAG_ERROR_CODES, TAG_LIMITS, type Tag } from '@voxpad/shared/tags';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, isHttpError } from '../../../lib/api-client.ts';
import { useDeleteTag, useMergeTag, useRenameTag } from '../api/change-tag.ts';
import { useTags } from '../api/get-tags.ts';

const field = `block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`;

function messageOf(error: unknown): string {
  if (isHttpError(error) && error.errors[0]) return error.errors[0].message;
  return 'Something went wrong. Please try again.';
}

/** Every tag with how many notes carry it: rename, merge into another, or delete. */
export function TagsManager({ onChanged }: { onChanged?: () => void }) {
  const tags = useTags();
  if (tags.isPending) return <p className="text-sm text-slate-600 dark:text-slate-300">Loading tags…</p>;
  if (tags.isError)
    return <FormAlert>Your tags could not be loaded. Reload the page to try again.</FormAlert>;
  const all = tags.data.tags;
  if (all.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        No tags yet. Add tags to a voice note on its page.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {all.map((tag) => (
        <TagRow
          key={tag.id}
          tag={tag}
          others={all.filter((other) => other.id !== tag.id)}
          onChanged={onChanged}
        />
      ))}
    </ul>
  );
}

type Mode = 'view' | 'rename' | 'merge' | 'delete';

function TagRow({
  tag,
  others,
  onChanged,
}: {
  tag: Tag;
  others: Tag[];
  onChanged?: (() => void) | undefined;
}) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(tag.name);
  const [into, setInto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [offerMerge, setOfferMerge] = useState(false);
  const rename = useRenameTag(onChanged);
  const merge = useMergeTag(onChanged);
  const remove = useDeleteTag(onChanged);
  const busy = rename.isPending || merge.isPending || remove.isPending;

  const reset = () => {
    setMode('view');
    setError(null);
    setOfferMerge(false);
  };

  function submitRename(event: FormEvent, withMerge = false) {
    event.preventDefault();
    setError(null);
    rename.mutate(
      { id: tag.id, name, ...(withMerge ? { merge: true } : {}) },
      {
        onSuccess: reset,
        onError: (cause) => {
          setError(messageOf(cause));
          setOfferMerge(hasErrorCode(cause, TAG_ERROR_CODES.tagExists));
        },
      },
    );
  }

  function submitMerge(event: FormEvent) {
    event.preventDefault();
    if (!into) return setError('Choose the tag to merge into.');
    merge.mutate({ id: tag.id, into }, { onSuccess: reset, onError: (cause) => setError(messageOf(cause)) });
  }

  return (
    <li className="space-y-2 px-3 py-3 text-sm" aria-label={`Tag ${tag.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words">
          <span className="font-medium text-slate-900 dark:text-slate-50">#{tag.name}</span>{' '}
          <span className="text-slate-600 dark:text-slate-300">
            {tag.count} {tag.count === 1 ? 'note' : 'notes'}
          </span>
        </p>
        {mode === 'view' ? (
          <div className="flex flex-wrap gap-1">
            <Button variant="ghost" aria-label={`Rename ${tag.name}`} onClick={() => setMode('rename')}>
              Rename
            </Button>
            {others.length > 0 ? (
              <Button
                variant="ghost"
                aria-label={`Merge ${tag.name} into another tag`}
                onClick={() => setMode('merge')}
              >
                Merge
              </Button>
            ) : null}
            <Button
              variant="ghost"
              className="text-red-700 dark:text-red-300"
              aria-label={`Delete ${tag.name}`}
              onClick={() => setMode('delete')}
            >
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      {mode === 'rename' ? (
        <form onSubmit={submitRename} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label
              htmlFor={`${id}-name`}
              className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              New name for {tag.name}
            </label>
            <input
              id={`${id}-name`}
              className={field}
              value={name}
              maxLength={TAG_LIMITS.nameMax}
              autoFocus
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={busy}>
            Save
          </Button>
          {offerMerge ? (
            <Button variant="secondary" disabled={busy} onClick={(event) => submitRename(event, true)}>
              Merge into it
            </Button>
          ) : null}
          <Button variant="ghost" onClick={reset}>
            Cancel
          </Button>
        </form>
      ) : null}
      {mode === 'merge' ? (
        <form onSubmit={submitMerge} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label
              htmlFor={`${id}-into`}
              className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Merge {tag.name} into
            </label>
            <select
              id={`${id}-into`}
              className={field}
              value={into}
              autoFocus
              onChange={(e) => setInto(e.target.value)}
            >
              <option value="">Choose a tag…</option>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy}>
            Merge
          </Button>
          <Button variant="ghost" onClick={reset}>
            Cancel
          </Button>
        </form>
      ) : null}
      {mode === 'delete' ? (
        <div
          role="alertdialog"
          aria-label={`Delete ${tag.name}?`}
          className="flex flex-wrap items-center gap-2"
        >
          <span className="text-red-800 dark:text-red-200">
            Delete this tag? It is taken off {tag.count} {tag.count === 1 ? 'note' : 'notes'}; the notes stay.
          </span>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => remove.mutate(tag.id, { onError: (cause) => setError(messageOf(cause)) })}
          >
            Delete tag
          </Button>
          <Button variant="secondary" autoFocus onClick={reset}>
            Keep it
          </Button>
        </div>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </li>
  );
}
