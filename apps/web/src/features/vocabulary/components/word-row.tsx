import { VOCABULARY_PHONES_MAX, type VocabularyEntry } from '@voxpad/shared/vocabulary';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useChangeWord } from '../api/change-word.ts';
import { useRemoveWord } from '../api/remove-word.ts';
import { SOURCE_LABELS } from './pronunciation-source.ts';
import { errorsOf } from './server-errors.ts';

/** One word: its phones and where they came from; the pronunciation is edited in place. */
export function WordRow({ entry, padName }: { entry: VocabularyEntry; padName: string | null }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveWord({ onError: toastHttpError });
  return (
    <li className="space-y-2 px-3 py-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900 dark:text-slate-50">{entry.word}</p>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            <span>{SOURCE_LABELS[entry.source]}</span>
            {entry.sounds_like ? <span> (“{entry.sounds_like}”)</span> : null} ·{' '}
            <span>{padName ? `Only in ${padName}` : 'All your pads'}</span>
          </p>
          <ul aria-label={`Pronunciations of ${entry.word}`} className="mt-1 space-y-0.5">
            {entry.pronunciations.map((phones) => (
              <li key={phones}>
                <code className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                  {phones}
                </code>
              </li>
            ))}
          </ul>
        </div>
        {confirming ? (
          <div
            role="alertdialog"
            aria-label={`Remove ${entry.word}?`}
            className="flex flex-wrap items-center gap-2"
          >
            <span className="text-red-800 dark:text-red-200">Remove this word?</span>
            <Button variant="danger" onClick={() => remove.mutate(entry.id)} disabled={remove.isPending}>
              Remove
            </Button>
            <Button variant="secondary" autoFocus onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-1">
            {editing ? null : (
              <Button
                variant="ghost"
                aria-label={`Edit pronunciation of ${entry.word}`}
                onClick={() => setEditing(true)}
              >
                Edit pronunciation
              </Button>
            )}
            <Button variant="ghost" aria-label={`Remove ${entry.word}`} onClick={() => setConfirming(true)}>
              Remove
            </Button>
          </div>
        )}
      </div>
      {editing ? <PronunciationEditor entry={entry} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

const FIELDS = ['pronunciation'] as const;

function PronunciationEditor({ entry, onDone }: { entry: VocabularyEntry; onDone: () => void }) {
  const change = useChangeWord();
  const [phones, setPhones] = useState(entry.pronunciations[0] ?? '');
  const [error, setError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setFormErrors([]);
    change.mutate(
      { id: entry.id, pronunciation: phones },
      {
        onSuccess: onDone,
        onError: (cause) => {
          const mapped = errorsOf(cause, FIELDS);
          setError(mapped.fieldErrors.pronunciation);
          setFormErrors(mapped.formErrors);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={change.isPending} className="space-y-2">
      <FormErrors messages={formErrors} />
      <TextField
        label={`Pronunciation of ${entry.word}`}
        value={phones}
        maxLength={VOCABULARY_PHONES_MAX * 4}
        onChange={(event) => setPhones(event.target.value)}
        error={error}
        hint="Sounds separated by spaces, e.g. V AE R OW AH (the CMU dictionary's letters)."
        autoFocus
        className="font-mono"
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save pronunciation'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
