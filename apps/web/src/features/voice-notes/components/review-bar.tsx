import type { TranscriptReview } from '@voxpad/shared/voice-notes';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import type { ReviewMode } from '../hooks/use-review-mode.ts';
import { REVIEW_KEYS } from '../hooks/use-review-keys.ts';

const REVIEW_STATE: Record<TranscriptReview, string> = {
  none: 'Not reviewed yet.',
  confirmed: 'You confirmed this transcript.',
  corrected: 'You corrected this transcript.',
};

/**
 * Review mode's controls above the transcript: each key has a button, the keys are listed in a
 * help line, and what happens is said in a polite live region ("Word 3 of 12 uncertain: …").
 */
export function ReviewBar({ review, reviewed }: { review: ReviewMode; reviewed: TranscriptReview }) {
  const none = review.uncertainCount === 0;
  return (
    <section
      aria-label="Review"
      className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {none
          ? 'No uncertain words.'
          : `${review.uncertainCount} uncertain ${review.uncertainCount === 1 ? 'word' : 'words'}.`}{' '}
        {REVIEW_STATE[reviewed]}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={review.previous} disabled={none}>
          Previous uncertain word
        </Button>
        <Button variant="secondary" onClick={review.next} disabled={none}>
          Next uncertain word
        </Button>
        <Button variant="secondary" onClick={review.replay} disabled={review.current < 0}>
          Replay
        </Button>
        <Button variant="secondary" onClick={review.replaySlower} disabled={review.current < 0}>
          Replay slower
        </Button>
        <Button variant="secondary" onClick={review.edit} disabled={review.current < 0 || review.editing}>
          Fix word
        </Button>
        {reviewed === 'confirmed' ? (
          <Button variant="secondary" onClick={() => review.setConfirmed(false)} disabled={review.saving}>
            Undo confirm
          </Button>
        ) : (
          <Button onClick={review.confirm} disabled={review.saving}>
            Confirm transcript
          </Button>
        )}
        <Button variant="ghost" onClick={review.leave}>
          Leave review
        </Button>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Keys:{' '}
        {REVIEW_KEYS.map((key, index) => (
          <span key={key.keys}>
            {index > 0 ? ' · ' : ''}
            <kbd className="rounded border border-slate-300 bg-white px-1 font-mono dark:border-slate-600 dark:bg-slate-800">
              {key.keys}
            </kbd>{' '}
            {key.does}
          </span>
        ))}
      </p>
      <p aria-live="polite" className="min-h-5 text-sm font-medium text-slate-800 dark:text-slate-100">
        {review.announcement}
      </p>
      {review.error && !review.editing ? <FormAlert>{review.error}</FormAlert> : null}
    </section>
  );
}
