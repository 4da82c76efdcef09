/**
 * The numbers diarization was tuned with (bench/speakers, on its TUNING dialogues only; the
 * held-out ones were never used to choose them). ADR 0050 says what each one trades.
 */
export interface DiarizationTuning {
  /** λ of the ΔBIC that places speaker changes inside stretches of speech. */
  changePenalty: number;
  /** Frames (10 ms) each side of a candidate change. */
  changeWindowFrames: number;
  /** Longest segment before it is cut anyway (frames). */
  maxSegmentFrames: number;
  /** Segments shorter than this are left to the resegmentation, not clustered (frames). */
  minClusterFrames: number;
  /** λ of the ΔBIC that stops merging clusters when the number of speakers is "auto". */
  clusterPenalty: number;
  /** "auto" never finds more speakers than this. */
  maxSpeakers: number;
  /** An "auto" cluster with less speech than this (frames) is not a speaker of its own. */
  minSpeakerFrames: number;
  /** Components of each speaker's diagonal Gaussian mixture in the resegmentation. */
  mixtureComponents: number;
  /** Log-likelihood a change of speaker costs in the resegmentation. */
  switchPenalty: number;
  /** Resegmentation passes (0: the clustering's segments as they are). */
  resegmentations: number;
  /** Pauses up to this long (seconds) between two turns of one speaker are joined. */
  bridgeSeconds: number;
}

export const DEFAULT_TUNING: DiarizationTuning = {
  changePenalty: 1,
  changeWindowFrames: 100,
  maxSegmentFrames: 800,
  minClusterFrames: 80,
  clusterPenalty: 2.5,
  maxSpeakers: 12,
  minSpeakerFrames: 100,
  mixtureComponents: 8,
  switchPenalty: 40,
  resegmentations: 0,
  bridgeSeconds: 1,
};
