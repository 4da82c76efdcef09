import { useId } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useSettings, useUpdateSettings } from '../api/transcript-settings.ts';
import { AccountSection } from './account-section.tsx';

/**
 * The "format transcripts" setting: transcripts read as people write (capitals, punctuation,
 * numbers such as "$400"), or as the words were recognised. It applies to transcripts made
 * after the change, which the copy says.
 */
export function TranscriptFormatSection() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const boxId = useId();
  const hintId = useId();
  const labelId = useId();
  const checked = update.isPending
    ? (update.variables.format_transcripts ?? false)
    : (settings.data?.format_transcripts ?? true);

  return (
    <AccountSection title="Transcripts">
      {settings.isError ? (
        <FormAlert>Your transcript setting could not be loaded. Check your connection and reload.</FormAlert>
      ) : null}
      {update.isError ? (
        <FormAlert>The setting could not be saved. Check your connection and try again.</FormAlert>
      ) : null}
      <div className="flex items-start gap-3">
        <button
          id={boxId}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          disabled={settings.isPending || settings.isError || update.isPending}
          onClick={() => update.mutate({ format_transcripts: !checked })}
          className="group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:focus-visible:outline-indigo-400"
        >
          <span
            aria-hidden="true"
            className={`relative h-6 w-11 rounded-full transition-colors ${
              checked ? 'bg-indigo-600 dark:bg-indigo-500' : 'bg-slate-300 dark:bg-slate-600'
            }`}
          >
            <span
              className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${
                checked ? 'translate-x-5' : 'translate-x-0.5'
              }`}
            />
          </span>
        </button>
        <div className="min-w-0 pt-1">
          <label
            id={labelId}
            htmlFor={boxId}
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Format transcripts
          </label>
          <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
            Sentences with capitals and punctuation, and numbers written as figures (“$400”). Off: the words
            as they were recognised. Applies to notes transcribed from now on; notes already transcribed keep
            their text until you transcribe them again.
          </p>
        </div>
      </div>
      <p role="status" className="sr-only">
        {update.isSuccess
          ? checked
            ? 'Transcripts will be formatted.'
            : 'Transcripts will not be formatted.'
          : ''}
      </p>
    </AccountSection>
  );
}
