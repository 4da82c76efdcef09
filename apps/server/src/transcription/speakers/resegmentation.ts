/**
 * Frame-level resegmentation: each speaker found by clustering gets a Gaussian mixture
 * trained on its frames, and a Viterbi pass over the speech frames gives every frame the
 * speaker whose mixture explains it best, at a fixed cost per change of speaker. Boundaries
 * move to where the voices actually change (segments were cut on a 50 ms grid, and a missed
 * change left two voices in one segment), short segments that were not clustered get a
 * speaker, and a flip shorter than the cost can pay for is smoothed away.
 *
 * Two passes over the audio a window at a time (features are computed again rather than
 * kept): one collects at most MAX_TRAINING_FRAMES evenly spaced frames per speaker, one runs
 * the Viterbi. Memory: the back-pointers, one byte per frame and speaker.
 */
import { FEATURE_DIMS, computeFeatures, type Pcm } from './features.ts';
import { DiagonalMixture } from './mixture.ts';
import type { DiarizationTuning } from './tuning.ts';

const MAX_TRAINING_FRAMES = 20_000;

/** Labels: a speaker (0..speakers-1) per speech frame, -1 for silence and -2 for speech not yet labelled. */
export function resegment(
  pcm: Pcm,
  labels: Int16Array,
  speakers: number,
  windowFrames: number,
  tuning: DiarizationTuning,
): Int16Array {
  const total = labels.length;
  const mixtures = trainMixtures(pcm, labels, speakers, windowFrames, tuning);
  const back = new Uint8Array(total * speakers);
  let score = new Float64Array(speakers);
  let next = new Float64Array(speakers);
  const emission = new Float64Array(speakers);
  let sawSpeech = false;
  for (let from = 0; from < total; from += windowFrames) {
    const features = computeFeatures(pcm, from, Math.min(total, from + windowFrames));
    for (let i = 0; i < features.frames; i++) {
      const f = from + i;
      if (labels[f] === -1) {
        for (let s = 0; s < speakers; s++) back[f * speakers + s] = s;
        continue;
      }
      for (let s = 0; s < speakers; s++)
        emission[s] = mixtures[s]!.logLikelihood(features.values, i * FEATURE_DIMS);
      let best = 0;
      for (let s = 1; s < speakers; s++) if (score[s]! > score[best]!) best = s;
      const switched = score[best]! - (sawSpeech ? tuning.switchPenalty : 0);
      let top = -Infinity;
      for (let s = 0; s < speakers; s++) {
        const stay = score[s]!;
        const fromBest = stay >= switched;
        next[s] = (fromBest ? stay : switched) + emission[s]!;
        back[f * speakers + s] = fromBest ? s : best;
        if (next[s]! > top) top = next[s]!;
      }
      // Scores are kept relative to the best, so four hours cannot lose precision.
      for (let s = 0; s < speakers; s++) next[s] = next[s]! - top;
      [score, next] = [next, score];
      sawSpeech = true;
    }
  }
  const out = new Int16Array(total);
  let state = 0;
  for (let s = 1; s < speakers; s++) if (score[s]! > score[state]!) state = s;
  for (let f = total - 1; f >= 0; f--) {
    out[f] = labels[f] === -1 ? -1 : state;
    state = back[f * speakers + state]!;
  }
  return out;
}

function trainMixtures(
  pcm: Pcm,
  labels: Int16Array,
  speakers: number,
  windowFrames: number,
  tuning: DiarizationTuning,
): DiagonalMixture[] {
  const counts = new Float64Array(speakers);
  for (const label of labels) if (label >= 0) counts[label] = counts[label]! + 1;
  const strides = Array.from(counts, (n) => Math.max(1, Math.ceil(n / MAX_TRAINING_FRAMES)));
  const samples = Array.from(counts, (n, s) => new Float32Array(Math.ceil(n / strides[s]!) * FEATURE_DIMS));
  const seen = new Float64Array(speakers);
  const kept = new Uint32Array(speakers);
  for (let from = 0; from < labels.length; from += windowFrames) {
    const features = computeFeatures(pcm, from, Math.min(labels.length, from + windowFrames));
    for (let i = 0; i < features.frames; i++) {
      const s = labels[from + i]!;
      if (s < 0) continue;
      if (seen[s]! % strides[s]! === 0 && kept[s]! * FEATURE_DIMS < samples[s]!.length) {
        samples[s]!.set(
          features.values.subarray(i * FEATURE_DIMS, (i + 1) * FEATURE_DIMS),
          kept[s]! * FEATURE_DIMS,
        );
        kept[s] = kept[s]! + 1;
      }
      seen[s] = seen[s]! + 1;
    }
  }
  return samples.map((data, s) =>
    DiagonalMixture.train(data.subarray(0, kept[s]! * FEATURE_DIMS), FEATURE_DIMS, tuning.mixtureComponents),
  );
}
