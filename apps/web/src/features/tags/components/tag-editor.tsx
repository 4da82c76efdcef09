import { useId, useState, type FormEvent } from 'react';
import { TAG_LIMITS, tagNameKey } from '@voxpad/shared/tags';
import { Button, focusRing } from '../../../components/ui/button.tsx';

export interface TagEditorProps {
  /** The note's tags, as the server answered them. */
  tags: readonly string[];
  /** The person's other tags, offered as they type. */
  suggestions: readonly string[];
  /** Sends the whole new set; the editor shows `error` if the server refuses it. */
  onChange: (tags: string[]) => void;
  busy?: boolean | undefined;
  error?: string | undefined;
  /** Most tags one note may carry, when the page knows it. */
  max?: number | undefined;
}

/**
 * A note's tags: each a chip with its own remove button; a field adds one on Enter, with the
 * person's existing tags suggested (a tag of the same name in another case is the same tag).
 */
export function TagEditor({ tags, suggestions, onChange, busy, error, max }: TagEditorProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const have = new Set(tags.map(tagNameKey));
  const offered = suggestions.filter((tag) => !have.has(tagNameKey(tag)));

  function add(event: FormEvent) {
    event.preventDefault();
    const name = text.trim();
    if (name === '') return setProblem('Type a tag to add.');
    if (name.length > TAG_LIMITS.nameMax)
      return setProblem(`A tag can be at most ${TAG_LIMITS.nameMax} characters.`);
    if (have.has(tagNameKey(name))) return setProblem(`This note is tagged “${name}” already.`);
    if (max !== undefined && tags.length >= max)
      return setProblem(`A voice note can have at most ${max} tags.`);
    // An existing tag keeps its own casing.
    const existing = suggestions.find((tag) => tagNameKey(tag) === tagNameKey(name));
    setProblem(null);
    setText('');
    onChange([...tags, existing ?? name]);
  }

  const shown = problem ?? error;
  return (
    <div className="space-y-2">
      {tags.length > 0 ? (
        <ul aria-label="Tags of this note" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-sm text-indigo-800 dark:bg-indigo-500/20 dark:text-indigo-200"
            >
              <span>#{tag}</span>
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                disabled={busy}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                className={`inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-indigo-100 max-sm:h-11 max-sm:w-11 dark:hover:bg-indigo-500/30 ${focusRing}`}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">No tags yet.</p>
      )}
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label
            htmlFor={`${id}-input`}
            className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Add a tag
          </label>
          <input
            id={`${id}-input`}
            list={`${id}-suggestions`}
            value={text}
            maxLength={TAG_LIMITS.nameMax + 10}
            autoComplete="off"
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            className={`block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
          />
          <datalist id={`${id}-suggestions`}>
            {offered.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        </div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Saving…' : 'Add tag'}
        </Button>
      </form>
      <p id={`${id}-error`} role="alert" className="text-sm text-red-700 empty:hidden dark:text-red-300">
        {shown ?? ''}
      </p>
    </div>
  );
}
