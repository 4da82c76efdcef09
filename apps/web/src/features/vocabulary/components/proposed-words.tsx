import type { VocabularyProposal } from '@voxpad/shared/vocabulary';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useAddWord } from '../api/add-word.ts';
import { useDismissProposal } from '../api/dismiss-proposal.ts';
import { useProposals } from '../api/get-proposals.ts';

const times = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/** Words typed in corrections that the recogniser does not know: accept (add) or dismiss each. */
export function ProposedWords() {
  const proposals = useProposals();
  const add = useAddWord();
  const dismiss = useDismissProposal({ onError: toastHttpError });

  function accept(proposal: VocabularyProposal) {
    add.mutate(
      { word: proposal.word },
      {
        onSuccess: (entry) => toast.success(`“${entry.word}” added to your words.`),
        onError: toastHttpError,
      },
    );
  }

  return (
    <section aria-labelledby="proposed-heading" className="space-y-3">
      <div>
        <h3 id="proposed-heading" className="font-semibold text-slate-900 dark:text-slate-50">
          Proposed words
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Words you typed when correcting transcripts that the recogniser does not know yet.
        </p>
      </div>
      {proposals.isPending ? (
        <Spinner label="Loading proposed words…" />
      ) : proposals.isError ? (
        <FormAlert>The proposed words could not be loaded. Reload the page to try again.</FormAlert>
      ) : proposals.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Nothing to propose right now.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {proposals.data.map((proposal) => (
            <li
              key={proposal.word}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <p>
                <span className="font-medium text-slate-900 dark:text-slate-50">{proposal.word}</span>{' '}
                <span className="text-xs text-slate-600 dark:text-slate-300">
                  typed {times(proposal.count)}
                  {proposal.notes > 1 ? ` in ${proposal.notes} notes` : ''}
                </span>
              </p>
              <div className="flex gap-1">
                <Button
                  variant="secondary"
                  aria-label={`Accept ${proposal.word}`}
                  disabled={add.isPending}
                  onClick={() => accept(proposal)}
                >
                  Accept
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Dismiss ${proposal.word}`}
                  disabled={dismiss.isPending}
                  onClick={() => dismiss.mutate(proposal.word)}
                >
                  Dismiss
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
