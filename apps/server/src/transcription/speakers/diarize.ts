/**
 * Speaker diarization of 16 kHz mono PCM: who spoke when, without any downloaded model.
 *
 *   1. A window (5 min) at a time: cepstral features, voice activity, segments cut at
 *      pauses and at ΔBIC speaker changes; only each segment's Gaussian statistics are kept.
 *   2. Agglomerative ΔBIC clustering of the segments (in bounded chunks), down to the number
 *      of speakers given or until the criterion stops it ("auto").
 *   3. Segments too short to cluster go to the nearest speaker by the same criterion.
 *      (A Viterbi resegmentation with a Gaussian mixture per speaker can follow; it is off by
 *      default: on the bench it moved boundaries the wrong way, ADR 0050.)
 *   4. Turns, joined across short pauses, speakers numbered by first appearance.
 *
 * Time and memory grow linearly with the recording; ADR 0050 gives the figures. Synchronous
 * and CPU-bound: run it where the audio is decoded (a worker thread), not on the event loop.
 */
import { computeFeatures, frameCount, type Pcm } from './features.ts';
import { clusterSegments, type SpeakerCount } from './clustering.ts';
import { deltaBic, type GaussianStats } from './gaussian.ts';
import { resegment } from './resegmentation.ts';
import { segmentSpeech } from './segmentation.ts';
import { labelsToTurns, type SpeakerTurn } from './turns.ts';
import { DEFAULT_TUNING, type DiarizationTuning } from './tuning.ts';
import { detectSpeech } from './voice-activity.ts';

export type { SpeakerCount } from './clustering.ts';
export type { SpeakerTurn } from './turns.ts';

/** Features are computed and dropped this many frames (10 ms) at a time. */
const WINDOW_FRAMES = 30_000;
const SILENCE = -1;
const UNLABELLED = -2;

export interface DiarizeOptions {
  /** How many people speak, or "auto" (the default) to let the criterion decide. */
  speakers?: SpeakerCount;
  /** For the bench only: the product uses the defaults. */
  tuning?: Partial<DiarizationTuning>;
}

export function diarize(pcm: Pcm, { speakers = 'auto', tuning = {} }: DiarizeOptions = {}): SpeakerTurn[] {
  if (speakers !== 'auto' && (!Number.isInteger(speakers) || speakers < 1)) {
    throw new RangeError(`The number of speakers must be "auto" or a whole number from 1, not ${speakers}.`);
  }
  const settings = { ...DEFAULT_TUNING, ...tuning };
  const total = frameCount(pcm.length);
  const labels = new Int16Array(total).fill(SILENCE);
  const segments: { start: number; end: number }[] = [];
  const stats: GaussianStats[] = [];
  for (let from = 0; from < total; from += WINDOW_FRAMES) {
    const features = computeFeatures(pcm, from, Math.min(total, from + WINDOW_FRAMES));
    const speech = detectSpeech(features.levelDb);
    for (let i = 0; i < features.frames; i++) if (speech[i]) labels[from + i] = UNLABELLED;
    for (const segment of segmentSpeech(features, speech, settings)) {
      segments.push({ start: segment.start, end: segment.end });
      stats.push(segment.stats);
    }
  }
  if (segments.length === 0) return [];

  let clustered = segments.flatMap((s, i) => (s.end - s.start >= settings.minClusterFrames ? [i] : []));
  // Nothing long enough (a few short words): cluster what there is.
  if (clustered.length === 0) clustered = segments.map((_, i) => i);
  const clusters = clusterSegments(
    clustered.map((i) => stats[i]!),
    speakers,
    settings,
  );
  clusters.forEach((cluster, label) => {
    for (const member of cluster.members) {
      const segment = segments[clustered[member]!]!;
      labels.fill(label, segment.start, segment.end);
    }
  });
  // Segments too short to cluster join the speaker they sound most like.
  const logDets = clusters.map((c) => c.stats.weightedLogDet());
  segments.forEach((segment, i) => {
    if (labels[segment.start] !== UNLABELLED) return;
    let best = 0;
    let bestCost = Infinity;
    clusters.forEach((cluster, label) => {
      const cost = deltaBic(stats[i]!, cluster.stats, settings.clusterPenalty, undefined, logDets[label]);
      if (cost < bestCost) [best, bestCost] = [label, cost];
    });
    labels.fill(best, segment.start, segment.end);
  });

  let result: Int16Array = labels;
  if (clusters.length > 1) {
    for (let pass = 0; pass < settings.resegmentations; pass++) {
      result = resegment(pcm, result, clusters.length, WINDOW_FRAMES, settings);
    }
  }
  return labelsToTurns(result, settings.bridgeSeconds);
}
