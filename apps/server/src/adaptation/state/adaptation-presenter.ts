import type { AdaptationGain, AdaptationState, VoiceProfileSummary } from '@voxpad/shared/adaptation';
import { RECOGNITION } from '../../transcripts/owner-voice/recognise-owner.ts';
import type { VoiceProfile } from '../../transcripts/owner-voice/voice-profile-store.ts';
import type { AdaptationStateRow } from '../../db/schema.ts';
import { toIso } from '../../lib/time.ts';

/**
 * A person's adaptation as the API shows it; no row means nothing was ever learnt.
 * `gainMinNotes` is ADAPTATION_GAIN_MIN_NOTES, so the screen can say how many notes are missing.
 */
export function presentAdaptation(
  row: AdaptationStateRow | undefined,
  gainMinNotes: number,
  voice?: VoiceProfile,
): AdaptationState {
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
    gain: row ? presentGain(row) : null,
    gain_min_notes: gainMinNotes,
    voice_profile: voice ? presentVoiceProfile(voice) : null,
  };
}

function presentVoiceProfile(voice: VoiceProfile): VoiceProfileSummary {
  return {
    notes: voice.notes,
    seconds: Math.round(voice.print.frames) / 100,
    recognises: voice.print.frames >= RECOGNITION.minProfileFrames,
    updated_at: toIso(voice.updatedAt),
  };
}

function presentGain(row: AdaptationStateRow): AdaptationGain | null {
  const { gain_wer_before: before, gain_wer_after: after, gain_notes: notes, gain_seconds: seconds } = row;
  if (before === null || after === null || notes === null || seconds === null) return null;
  const rounded = (n: number, places: number) => Math.round(Number(n) * 10 ** places) / 10 ** places;
  return {
    wer_before: rounded(before, 4),
    wer_after: rounded(after, 4),
    notes: Number(notes),
    seconds: rounded(seconds, 1),
  };
}
