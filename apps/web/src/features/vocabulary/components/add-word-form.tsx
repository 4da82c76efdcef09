import { VOCABULARY_SOUNDS_LIKE_MAX, VOCABULARY_WORD_MAX } from '@voxpad/shared/vocabulary';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAddWord } from '../api/add-word.ts';
import { errorsOf } from './server-errors.ts';

export interface PadChoice {
  id: string;
  name: string;
}

const FIELDS = ['word', 'sounds_like', 'pad_id'] as const;
type Field = (typeof FIELDS)[number];

/** Word, an optional "sounds like" spelling and an optional pad; the server works out the phones. */
export function AddWordForm({ pads }: { pads: readonly PadChoice[] }) {
  const add = useAddWord();
  const [word, setWord] = useState('');
  const [soundsLike, setSoundsLike] = useState('');
  const [padId, setPadId] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const padSelectId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!word.trim()) {
      setFieldErrors({ word: 'Type the word or phrase to add.' });
      return;
    }
    setFieldErrors({});
    setFormErrors([]);
    add.mutate(
      { word, sounds_like: soundsLike.trim() || null, pad_id: padId || null },
      {
        onSuccess: (entry) => {
          toast.success(`“${entry.word}” added to your words.`);
          setWord('');
          setSoundsLike('');
        },
        onError: (cause) => {
          const mapped = errorsOf(cause, FIELDS);
          setFieldErrors(mapped.fieldErrors);
          setFormErrors(mapped.formErrors);
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-busy={add.isPending}
      aria-label="Add a word"
      className="space-y-3"
    >
      <FormErrors messages={formErrors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Word or phrase"
          placeholder="Varroa"
          value={word}
          maxLength={VOCABULARY_WORD_MAX}
          onChange={(event) => setWord(event.target.value)}
          error={fieldErrors.word}
          hint="A name, place or term the recogniser gets wrong."
        />
        <TextField
          label="Sounds like"
          optional
          placeholder="var oh ah"
          value={soundsLike}
          maxLength={VOCABULARY_SOUNDS_LIKE_MAX}
          onChange={(event) => setSoundsLike(event.target.value)}
          error={fieldErrors.sounds_like}
          hint="Optional: spell how you say it, in everyday English words."
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {/* A long pad name must not widen the page: the select takes the row, never more. */}
        <div className="w-full min-w-0 sm:w-auto sm:max-w-sm">
          <label
            htmlFor={padSelectId}
            className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Used in
          </label>
          <select
            id={padSelectId}
            value={padId}
            onChange={(event) => setPadId(event.target.value)}
            aria-invalid={fieldErrors.pad_id ? true : undefined}
            className={`block w-full truncate rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm max-sm:min-h-11 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
          >
            <option value="">All your pads</option>
            {pads.map((pad) => (
              <option key={pad.id} value={pad.id}>
                {pad.name}
              </option>
            ))}
          </select>
          {fieldErrors.pad_id ? (
            <p className="mt-1 text-sm text-red-600 dark:text-red-400">{fieldErrors.pad_id}</p>
          ) : null}
        </div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add word'}
        </Button>
      </div>
    </form>
  );
}
