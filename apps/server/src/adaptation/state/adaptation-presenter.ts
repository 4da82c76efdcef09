import type { AdaptationState } from '@voxpad/shared/adaptation';
import type { AdaptationStateRow } from '../../db/schema.ts';
import { toIso } from '../../lib/time.ts';

/** A person's adaptation as the API shows it; no row means nothing was ever learnt. */
export function presentAdaptation(row: AdaptationStateRow | undefined): AdaptationState {
  const at = (ms: number | null) => (ms === null ? null : toIso(Number(ms)));
  return {
    status: row?.status ?? 'none',
    corrected_seconds: row ? Number(row.corrected_seconds) : 0,
    notes_used: row ? Number(row.notes_used) : 0,
    vocabulary_words: row ? Number(row.vocabulary_words) : 0,
    language_model: { ready: row?.language_built_at != null, built_at: at(row?.language_built_at ?? null) },
    acoustic_model: {
      ready: row?.acoustic_built_at != null,
      built_at: at(row?.acoustic_built_at ?? null),
      seconds: row ? Number(row.acoustic_seconds) : 0,
    },
    updated_at: at(row?.updated_at ?? null),
    error: row?.status === 'failed' ? row.error : null,
  };
}
