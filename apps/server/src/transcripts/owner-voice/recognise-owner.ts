/**
 * Which of a new transcription's speakers is the owner (ADR 0058): the one whose voiceprint is
 * closest to the owner's voice profile, if that is under the threshold, and only once the
 * profile holds enough speech. At most one speaker is the owner.
 */
import { printDistance, type VoicePrint } from '../../transcription/speakers/voiceprint.ts';

export const RECOGNITION = {
  /**
   * Distance (per-frame log-likelihood ratio, voiceprint.ts) under which a speaker is the owner.
   * On the bench's synthetic voices the same voice scores 0.06-0.15 against its profile and the
   * closest other voice 0.35 (two espeak-ng male variants); ADR 0058.
   */
  threshold: 0.25,
  /** The profile needs this much speech (10 ms frames: 20 s) before it names anyone. */
  minProfileFrames: 2_000,
  /** A speaker heard for less than this (3 s) is not compared: too little to tell. */
  minSpeakerFrames: 300,
};

export function recogniseOwner(
  prints: Readonly<Record<string, VoicePrint>>,
  profile: VoicePrint | undefined,
  settings = RECOGNITION,
): string | undefined {
  if (!profile || profile.frames < settings.minProfileFrames) return undefined;
  let best: string | undefined;
  let bestDistance = settings.threshold;
  for (const [id, print] of Object.entries(prints)) {
    if (print.frames < settings.minSpeakerFrames || print.mean.length !== profile.mean.length) continue;
    const distance = printDistance(print, profile);
    if (distance < bestDistance) [best, bestDistance] = [id, distance];
  }
  return best;
}
