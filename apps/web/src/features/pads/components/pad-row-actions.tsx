import { LIMITS } from '@voxpad/shared/limits';
import type { Pad } from '@voxpad/shared/pads';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useDeletePad } from '../api/delete-pad.ts';
import { useUpdatePad } from '../api/update-pad.ts';

/** Rename in place and delete after a confirmation; both show at once and roll back on refusal. */
export function PadRowActions({ pad, onDeleted }: { pad: Pad; onDeleted?: () => void }) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  const [name, setName] = useState(pad.name);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const update = useUpdatePad({ onError: toastHttpError });
  const remove = useDeletePad({
    onSuccess: () => {
      toast.success(`Pad “${pad.name}” deleted.`);
      onDeleted?.();
    },
    onError: toastHttpError,
  });

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Give the pad a name.');
      return;
    }
    setError(null);
    setMode('idle');
    if (trimmed !== pad.name) update.mutate({ id: pad.id, name: trimmed, description: pad.description });
  }

  if (mode === 'rename') {
    return (
      <form onSubmit={rename} noValidate className="flex basis-full flex-wrap items-start gap-2 px-4 pb-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={id} className="sr-only">
            New name for {pad.name}
          </label>
          <input
            id={id}
            value={name}
            maxLength={LIMITS.padNameMax}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setMode('idle');
            }}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
          {error ? (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit">Save</Button>
        <Button variant="ghost" onClick={() => setMode('idle')}>
          Cancel
        </Button>
      </form>
    );
  }

  if (mode === 'delete') {
    return (
      <div
        role="alertdialog"
        aria-labelledby={`${id}-confirm`}
        className="mx-4 mb-3 flex basis-full flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/50"
      >
        <p id={`${id}-confirm`} className="mr-auto text-red-900 dark:text-red-100">
          Delete “{pad.name}” and its {pad.voice_note_count}{' '}
          {pad.voice_note_count === 1 ? 'voice note' : 'voice notes'}? This cannot be undone.
        </p>
        <Button variant="danger" onClick={() => remove.mutate(pad.id)}>
          Delete
        </Button>
        <Button variant="secondary" autoFocus onClick={() => setMode('idle')}>
          Keep
        </Button>
      </div>
    );
  }

  return (
    <div className="flex gap-1 px-2">
      <Button
        variant="ghost"
        className="!px-2.5 !py-1.5 text-xs"
        aria-label={`Rename ${pad.name}`}
        onClick={() => {
          setName(pad.name);
          setMode('rename');
        }}
      >
        Rename
      </Button>
      <Button
        variant="ghost"
        className="!px-2.5 !py-1.5 text-xs text-red-700 dark:text-red-300"
        aria-label={`Delete ${pad.name}`}
        onClick={() => setMode('delete')}
      >
        Delete
      </Button>
    </div>
  );
}
