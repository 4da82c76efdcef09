import { useEffect, useId, useRef, useState } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';

export interface ReviewWordEditorProps {
  /** The word as it reads now. */
  text: string;
  saving: boolean;
  error: string | null;
  onSave: (text: string) => void;
  onCancel: () => void;
}

/** The word under review, made a field in place: Enter saves, Escape keeps the word as it was. */
export function ReviewWordEditor({ text, saving, error, onSave, onCancel }: ReviewWordEditorProps) {
  const [value, setValue] = useState(text);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  return (
    <span className="inline-flex flex-col align-baseline">
      <label htmlFor={id} className="sr-only">
        Correct the word “{text}”
      </label>
      <input
        ref={inputRef}
        id={id}
        value={value}
        disabled={saving}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        size={Math.max(4, value.length + 2)}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onSave(value);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        className={`rounded border border-indigo-400 bg-white px-1 leading-7 max-sm:min-h-11 text-slate-900 dark:border-indigo-400 dark:bg-slate-950 dark:text-slate-50 ${focusRing}`}
      />
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : (
        <span id={`${id}-hint`} className="text-xs leading-5 text-slate-500 dark:text-slate-400">
          {saving ? 'Saving…' : 'Enter saves, Escape cancels'}
        </span>
      )}
    </span>
  );
}
