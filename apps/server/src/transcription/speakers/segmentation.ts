/**
 * Cuts the speech of one window of features into segments that each hold one speaker:
 * at pauses (the voice activity detector's gaps) and, inside a stretch of speech, where
 * ΔBIC between the second before and the second after a frame peaks above zero. Cutting
 * too often costs little (clustering joins the pieces again); missing a change mixes two
 * voices in one segment, so the criterion errs towards cutting.
 */
import { FEATURE_DIMS, type Features } from './features.ts';
import { GaussianStats, deltaBic } from './gaussian.ts';
import type { DiarizationTuning } from './tuning.ts';

export interface Segment {
  /** Frames [start, end) of the recording, all speech. */
  start: number;
  end: number;
  stats: GaussianStats;
}

/** Candidate changes are scored every few frames; peaks are then found among them. */
const STEP_FRAMES = 5;

export function segmentSpeech(features: Features, speech: Uint8Array, tuning: DiarizationTuning): Segment[] {
  const segments: Segment[] = [];
  let runStart = -1;
  for (let i = 0; i <= features.frames; i++) {
    const isSpeech = i < features.frames && speech[i] === 1;
    if (isSpeech && runStart < 0) runStart = i;
    if (!isSpeech && runStart >= 0) {
      for (const [start, end] of splitRun(features, runStart, i, tuning)) {
        segments.push({
          start: features.first + start,
          end: features.first + end,
          stats: statsOf(features, start, end),
        });
      }
      runStart = -1;
    }
  }
  return segments;
}

function statsOf(features: Features, start: number, end: number): GaussianStats {
  const stats = new GaussianStats(FEATURE_DIMS);
  for (let f = start; f < end; f++) stats.add(features.values, f * FEATURE_DIMS);
  return stats;
}

/** [start, end) pairs (window frames) covering the run, cut at speaker changes. */
function splitRun(
  features: Features,
  start: number,
  end: number,
  tuning: DiarizationTuning,
): [number, number][] {
  const cuts = [start, ...changePoints(features, start, end, tuning), end];
  const pieces: [number, number][] = [];
  for (let i = 1; i < cuts.length; i++) {
    const [from, to] = [cuts[i - 1]!, cuts[i]!];
    // A long piece is cut evenly: clustering then sees no segment much longer than the rest.
    const parts = Math.ceil((to - from) / tuning.maxSegmentFrames);
    for (let p = 0; p < parts; p++) {
      pieces.push([
        from + Math.round(((to - from) * p) / parts),
        from + Math.round(((to - from) * (p + 1)) / parts),
      ]);
    }
  }
  return pieces;
}

function changePoints(features: Features, start: number, end: number, tuning: DiarizationTuning): number[] {
  const w = tuning.changeWindowFrames;
  if (end - start < 2 * w) return [];
  const { values } = features;
  const left = new GaussianStats(FEATURE_DIMS);
  const right = new GaussianStats(FEATURE_DIMS);
  for (let f = start; f < start + w; f++) left.add(values, f * FEATURE_DIMS);
  for (let f = start + w; f < start + 2 * w; f++) right.add(values, f * FEATURE_DIMS);
  const positions: number[] = [];
  const scores: number[] = [];
  // `t` is the first frame of the right-hand window.
  for (let t = start + w; ; t++) {
    if ((t - start - w) % STEP_FRAMES === 0) {
      positions.push(t);
      scores.push(deltaBic(left, right, tuning.changePenalty));
    }
    if (t + w >= end) break;
    left.remove(values, (t - w) * FEATURE_DIMS);
    left.add(values, t * FEATURE_DIMS);
    right.remove(values, t * FEATURE_DIMS);
    right.add(values, (t + w) * FEATURE_DIMS);
  }
  // A change is a positive score that no other score within half a window beats.
  const reach = Math.ceil(w / 2 / STEP_FRAMES);
  const changes: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i]!;
    if (score <= 0) continue;
    let isPeak = true;
    for (let j = Math.max(0, i - reach); j <= Math.min(scores.length - 1, i + reach) && isPeak; j++) {
      if (scores[j]! > score || (scores[j] === score && j < i)) isPeak = false;
    }
    if (isPeak) changes.push(positions[i]!);
  }
  return changes;
}
