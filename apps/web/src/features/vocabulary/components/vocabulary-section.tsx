import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useVocabulary } from '../api/get-vocabulary.ts';
import { AddWordForm, type PadChoice } from './add-word-form.tsx';
import { ProposedWords } from './proposed-words.tsx';
import { WordRow } from './word-row.tsx';

/** Your vocabulary: the add form, your words with their phones, and the words proposed to you. */
export function VocabularySection({ pads }: { pads: readonly PadChoice[] }) {
  const vocabulary = useVocabulary();
  const padNames = new Map(pads.map((pad) => [pad.id, pad.name]));
  return (
    <section
      aria-labelledby="vocabulary-heading"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id="vocabulary-heading" className="font-semibold text-slate-900 dark:text-slate-50">
          Your vocabulary
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Names, places and terms you use. Voxpad learns how each is said so it can hear it in your notes.
        </p>
      </div>
      <AddWordForm pads={pads} />
      {vocabulary.isPending ? (
        <Spinner label="Loading your words…" />
      ) : vocabulary.isError ? (
        <FormAlert>Your words could not be loaded. Reload the page to try again.</FormAlert>
      ) : vocabulary.data.words.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">You have not added any words yet.</p>
      ) : (
        <div className="space-y-1">
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {vocabulary.data.words.length} of {vocabulary.data.limit} words
          </p>
          <ul
            aria-label="Your words"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {vocabulary.data.words.map((entry) => (
              <WordRow
                key={entry.id}
                entry={entry}
                padName={entry.pad_id ? (padNames.get(entry.pad_id) ?? 'one pad') : null}
              />
            ))}
          </ul>
        </div>
      )}
      <ProposedWords />
    </section>
  );
}
