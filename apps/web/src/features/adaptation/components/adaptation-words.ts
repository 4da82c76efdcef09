import type { AdaptationState } from '@voxpad/shared/adaptation';
import { formatDateTime } from '../../../lib/format-date.ts';
import { formatDuration } from '../../../lib/format-duration.ts';

/** The state in one sentence, read out when it changes. */
export function statusSentence(state: AdaptationState): string {
  switch (state.status) {
    case 'none':
      return 'Nothing learnt yet. Voxpad learns from notes you correct or confirm, and from your vocabulary.';
    case 'queued':
      return 'Waiting to learn from your notes…';
    case 'running':
      return 'Learning from your notes…';
    case 'ready':
      return 'Voxpad uses what it has learnt when it transcribes your notes.';
    case 'failed':
      return 'The last attempt to learn from your notes failed.';
  }
}

/** "Built 27 Nov 2026, 10:00" or "Not built yet". */
export function builtWords(model: { ready: boolean; built_at: string | null }): string {
  if (!model.ready) return 'Not built yet';
  return model.built_at ? `Built ${formatDateTime(model.built_at)}` : 'Built';
}

export function voiceModelWords(model: AdaptationState['acoustic_model']): string {
  const built = builtWords(model);
  return model.ready ? `${built}, from ${formatDuration(model.seconds)} of your voice` : built;
}

/** Corrected audio in whole minutes below an hour ("4 min"), as the rest of the app shows lengths. */
export function correctedWords(seconds: number): string {
  return formatDuration(seconds);
}

/**
 * How much the build helps, measured on the person's own notes it did not learn from (ADR 0043),
 * in words; or what it takes to see it. Rates as "words in 100", rounded to whole words.
 */
export function gainWords(state: AdaptationState): string {
  const { gain } = state;
  if (gain) {
    const notes = gain.notes === 1 ? 'one of your own notes' : `${gain.notes} of your own notes`;
    const per100 = (rate: number) => Math.round(rate * 100);
    return (
      `On ${notes} it had not learnt from (${formatDuration(gain.seconds)}), ` +
      `${per100(gain.wer_before)} words in 100 were wrong before and ${per100(gain.wer_after)} after.`
    );
  }
  const missing = state.gain_min_notes - state.notes_used;
  if (missing > 0) {
    const count = state.notes_used === 0 ? String(missing) : `${missing} more`;
    return `Confirm or correct ${count} ${missing === 1 ? 'note' : 'notes'} to see how much it helps.`;
  }
  return 'How much it helps was not measured for this build. It is measured again at the next build.';
}
