import type { AdaptationState } from '@voxpad/shared/adaptation';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useForgetAdaptation } from '../api/forget-adaptation.ts';
import { isBuilding, useAdaptation } from '../api/get-adaptation.ts';
import { useRebuildAdaptation } from '../api/rebuild-adaptation.ts';
import {
  builtWords,
  correctedWords,
  gainWords,
  statusSentence,
  voiceModelWords,
} from './adaptation-words.ts';
import { ForgetLearntDialog } from './forget-learnt-dialog.tsx';
import { YourVoice } from './your-voice.tsx';

/** "What Voxpad has learnt": the adaptation state (ADR 0038), Rebuild now and Forget everything. */
export function LearntSection() {
  const adaptation = useAdaptation();
  return (
    <section
      aria-labelledby="learnt-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id="learnt-heading" className="font-semibold text-slate-900 dark:text-slate-50">
          What Voxpad has learnt
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Voxpad learns your words and your voice from the notes you correct, so it makes fewer mistakes.
        </p>
      </div>
      {adaptation.isPending ? (
        <Spinner label="Loading what Voxpad has learnt…" />
      ) : adaptation.isError ? (
        <FormAlert>What Voxpad has learnt could not be loaded. Reload the page to try again.</FormAlert>
      ) : (
        <LearntState state={adaptation.data} />
      )}
    </section>
  );
}

function LearntState({ state }: { state: AdaptationState }) {
  const rebuild = useRebuildAdaptation();
  const forget = useForgetAdaptation();
  const [asking, setAsking] = useState(false);
  const building = isBuilding(state);
  return (
    <div className="space-y-4">
      {/* The one polite live region: a status change is read out, the figures are not. */}
      <div role="status" aria-live="polite" className="space-y-2">
        <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{statusSentence(state)}</p>
        {state.status === 'failed' && state.error ? (
          <p className="text-sm text-red-800 dark:text-red-200">{state.error}</p>
        ) : null}
      </div>
      {building ? (
        <progress
          aria-label={state.status === 'queued' ? 'Waiting to start' : 'Learning'}
          className="h-2 w-full accent-indigo-600 dark:accent-indigo-400"
        />
      ) : null}
      {state.status === 'none' ? null : (
        <>
          <LearntFigures state={state} />
          <p className="text-sm text-slate-700 dark:text-slate-200">{gainWords(state)}</p>
        </>
      )}
      <YourVoice profile={state.voice_profile} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={building || rebuild.isPending}
          onClick={() => rebuild.mutate(undefined, { onError: toastHttpError })}
        >
          {rebuild.isPending ? 'Starting…' : building ? 'Rebuilding…' : 'Rebuild now'}
        </Button>
        <Button variant="danger" disabled={forget.isPending} onClick={() => setAsking(true)}>
          Forget everything learnt
        </Button>
      </div>
      <ForgetLearntDialog
        open={asking}
        busy={forget.isPending}
        onCancel={() => setAsking(false)}
        onForget={() =>
          forget.mutate(undefined, {
            onError: toastHttpError,
            onSuccess: () => {
              setAsking(false);
              toast.success('Voxpad has forgotten what it learnt.');
            },
          })
        }
      />
    </div>
  );
}

function LearntFigures({ state }: { state: AdaptationState }) {
  const rows: [string, string][] = [
    ['Corrected recordings', correctedWords(state.corrected_seconds)],
    ['Notes used', String(state.notes_used)],
    ['Vocabulary words', String(state.vocabulary_words)],
    ['Language model', builtWords(state.language_model)],
    ['Voice model', voiceModelWords(state.acoustic_model)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
          <dd className="text-slate-900 max-sm:mb-1 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
