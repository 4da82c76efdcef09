import { useId } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import {
  partialText,
  sentenceText,
  shownLag,
  type LiveStatus,
  type TranscriptState,
} from '../utils/transcript-state.ts';

const STATUS_TEXT: Partial<Record<LiveStatus, string>> = {
  connecting: 'Connecting…',
  live: 'Words appear as you speak.',
  stopping: 'Saving the note with this transcript…',
  filed: 'Saved with this transcript.',
};

const PROBLEM_TEXT: Partial<Record<LiveStatus, string>> = {
  dropped:
    'Live transcript stopped. The recording goes on on this device and is transcribed after it is uploaded.',
  'not-filed':
    'The live transcript could not be saved in time. The recording is uploaded instead and transcribed there.',
};

/** What the panel says about the stream: how far behind it is when the server cannot keep up. */
function statusText(state: TranscriptState): string | undefined {
  const lag = shownLag(state);
  return lag === null ? STATUS_TEXT[state.status] : `Catching up, ${lag} s behind`;
}

/**
 * The words of the recording in progress: finished sentences as they read (display forms),
 * the sentence still being spoken muted and in italics, as recognised (it may still change).
 * Screen readers hear each finished sentence once, from a hidden polite live region, and the
 * stream's state (such as "Catching up, 3 s behind") from a status line; never the changing
 * partial words.
 */
export function LiveTranscript({ state }: { state: TranscriptState }) {
  const headingId = useId();
  if (state.status === 'off') return null;
  const problem = PROBLEM_TEXT[state.status];
  const status = statusText(state);
  const empty = state.sentences.length === 0 && state.partial.length === 0;
  return (
    <section
      aria-labelledby={headingId}
      className="live-transcript mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950/40"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-50">
          Live transcript
        </h3>
        {status ? (
          <span role="status" className="text-xs text-slate-500 dark:text-slate-400">
            {status}
          </span>
        ) : null}
      </div>
      <p className="live-transcript-text mt-2 min-h-6 text-base leading-relaxed text-slate-900 dark:text-slate-100">
        {state.sentences.map((words, index) => (
          <span key={index} className="live-transcript-final">
            {sentenceText(words)}{' '}
          </span>
        ))}
        {state.partial.length > 0 ? (
          <span className="live-transcript-partial text-slate-500 italic dark:text-slate-400">
            {partialText(state.partial)}
          </span>
        ) : null}
        {empty && !problem ? (
          <span className="text-sm text-slate-500 dark:text-slate-400">Nothing heard yet.</span>
        ) : null}
      </p>
      {/* Each finished sentence is added as its own element, so it is announced once. */}
      <div className="sr-only" aria-live="polite">
        {state.sentences.map((words, index) => (
          <span key={index}>{sentenceText(words)} </span>
        ))}
      </div>
      {problem ? (
        <div className="mt-2">
          <FormAlert tone="info">{problem}</FormAlert>
        </div>
      ) : null}
    </section>
  );
}
