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
 * `SpeakerDiarizer` takes the audio in pieces as a decoder streams it (ADR 0053): it holds one
 * window of samples, never the recording.
 */
import { computeFeatures, frameCount, HOP_SAMPLES, type Pcm } from './features.ts';
import { clusterSegments, type SpeakerCount } from './clustering.ts';
import { deltaBic, GaussianStats } from './gaussian.ts';
import { resegment } from './resegmentation.ts';
import { segmentSpeech } from './segmentation.ts';
import { labelsToTurns, type SpeakerTurn } from './turns.ts';
import { DEFAULT_TUNING, type DiarizationTuning } from './tuning.ts';
import { detectSpeech } from './voice-activity.ts';
import { printOf, type VoicePrint } from './voiceprint.ts';

export type { SpeakerCount } from './clustering.ts';
export type { SpeakerTurn } from './turns.ts';
export type { VoicePrint } from './voiceprint.ts';

/** Who spoke when, and each speaker's voiceprint: `prints[k]` is speaker k's (ADR 0058). */
export interface Diarization {
  turns: SpeakerTurn[];
  prints: VoicePrint[];
}

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

export function checkSpeakerCount(speakers: SpeakerCount): void {
  if (speakers !== 'auto' && (!Number.isInteger(speakers) || speakers < 1)) {
    throw new RangeError(`The number of speakers must be "auto" or a whole number from 1, not ${speakers}.`);
  }
}

/** The whole recording at once; the only way to run the (optional) resegmentation. */
export function diarize(pcm: Pcm, { speakers = 'auto', tuning = {} }: DiarizeOptions = {}): SpeakerTurn[] {
  return diarizeWithPrints(pcm, { speakers, tuning }).turns;
}

/** `diarize` with each speaker's voiceprint (ADR 0058). */
export function diarizeWithPrints(
  pcm: Pcm,
  { speakers = 'auto', tuning = {} }: DiarizeOptions = {},
): Diarization {
  checkSpeakerCount(speakers);
  const diarizer = feed(new SpeakerDiarizer(tuning), pcm);
  return diarizer.finishWithPrints(speakers, pcm);
}

/** The voiceprint of all the speech in `pcm`, as one voice (ADR 0058); nothing is clustered. */
export function voiceprintOf(pcm: Pcm): VoicePrint | undefined {
  return feed(new SpeakerDiarizer(), pcm).finishAsOneVoice();
}

function feed(diarizer: SpeakerDiarizer, pcm: Pcm): SpeakerDiarizer {
  const step = WINDOW_FRAMES * HOP_SAMPLES;
  for (let from = 0; from < pcm.length; from += step) diarizer.push(pcm.subarray(from, from + step));
  return diarizer;
}

/**
 * Diarization fed piece by piece (`push`, in recording order), answered at `finish`. Holds
 * at most a window of samples plus one piece, each segment's statistics and 2 bytes per 10 ms.
 */
export class SpeakerDiarizer {
  readonly #settings: DiarizationTuning;
  /** Samples from recording position `#bufferStart`; same kind as the first piece pushed. */
  #buffer: Pcm | undefined;
  #length = 0;
  #bufferStart = 0;
  /** Samples pushed so far. */
  #samples = 0;
  /** First frame whose features are not computed yet. */
  #nextFrame = 0;
  #labels = new Int16Array(WINDOW_FRAMES);
  readonly #segments: { start: number; end: number }[] = [];
  readonly #stats: GaussianStats[] = [];

  constructor(tuning: Partial<DiarizationTuning> = {}) {
    this.#settings = { ...DEFAULT_TUNING, ...tuning };
  }

  push(pcm: Pcm): void {
    this.#append(pcm);
    this.#samples += pcm.length;
    while (frameCount(this.#samples) - this.#nextFrame >= WINDOW_FRAMES) this.#window(WINDOW_FRAMES);
  }

  /**
   * Who spoke when. `pcm`, the whole recording, is needed only when the tuning asks for a
   * resegmentation (not by default); without it none is run.
   */
  finish(speakers: SpeakerCount = 'auto', pcm?: Pcm): SpeakerTurn[] {
    return this.finishWithPrints(speakers, pcm).turns;
  }

  /**
   * The voiceprint of all the speech pushed, as one voice (ADR 0058): for a note said to have
   * one speaker, where nothing is clustered. Undefined when nothing sounded like speech.
   */
  finishAsOneVoice(): VoicePrint | undefined {
    this.#flush();
    if (this.#stats.length === 0) return undefined;
    const all = new GaussianStats(this.#stats[0]!.dims);
    for (const stats of this.#stats) all.merge(stats);
    return printOf(all);
  }

  /** `finish`, with each speaker's voiceprint (ADR 0058). */
  finishWithPrints(speakers: SpeakerCount = 'auto', pcm?: Pcm): Diarization {
    checkSpeakerCount(speakers);
    const total = this.#flush();
    const labels = this.#labels.subarray(0, total);
    const segments = this.#segments;
    const stats = this.#stats;
    const settings = this.#settings;
    if (segments.length === 0) return { turns: [], prints: [] };

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
    // Each speaker's statistics for its print: its cluster's, then the short segments it takes.
    const voices = clusters.map((c) => GaussianStats.combined(c.stats, new GaussianStats(c.stats.dims)));
    segments.forEach((segment, i) => {
      if (labels[segment.start] !== UNLABELLED) return;
      let best = 0;
      let bestCost = Infinity;
      clusters.forEach((cluster, label) => {
        const cost = deltaBic(stats[i]!, cluster.stats, settings.clusterPenalty, undefined, logDets[label]);
        if (cost < bestCost) [best, bestCost] = [label, cost];
      });
      labels.fill(best, segment.start, segment.end);
      voices[best]!.merge(stats[i]!);
    });

    let result: Int16Array = labels;
    if (clusters.length > 1 && pcm) {
      for (let pass = 0; pass < settings.resegmentations; pass++) {
        result = resegment(pcm, result, clusters.length, WINDOW_FRAMES, settings);
      }
    }
    const turns = labelsToTurns(result, settings.bridgeSeconds);
    return { turns, prints: printsInTurnOrder(result, voices) };
  }

  /** Computes the frames not yet computed and drops the samples; the number of frames. */
  #flush(): number {
    const total = frameCount(this.#samples);
    if (total > this.#nextFrame) this.#window(total - this.#nextFrame);
    this.#buffer = undefined;
    return total;
  }

  #append(pcm: Pcm): void {
    let buffer = this.#buffer;
    if (!buffer || this.#length + pcm.length > buffer.length) {
      const capacity = Math.max(this.#length + pcm.length, (WINDOW_FRAMES + 2) * HOP_SAMPLES);
      const grown =
        pcm instanceof Int16Array && !(buffer instanceof Float32Array)
          ? new Int16Array(capacity)
          : new Float32Array(capacity);
      if (buffer) copyInto(grown, 0, buffer.subarray(0, this.#length));
      this.#buffer = buffer = grown;
    }
    copyInto(buffer, this.#length, pcm);
    this.#length += pcm.length;
  }

  /** Features, voice activity and segments of the next `frames` frames; then their samples go. */
  #window(frames: number): void {
    const buffer = this.#buffer;
    if (!buffer) return;
    const from = this.#nextFrame;
    // One hop before the window stays, for the pre-emphasis of its first frame.
    const base = from > 0 ? from * HOP_SAMPLES - HOP_SAMPLES : 0;
    const first = from > 0 ? 1 : 0;
    const view = buffer.subarray(base - this.#bufferStart, this.#length);
    const computed = computeFeatures(view, first, first + frames);
    const features = { ...computed, first: from };
    this.#growLabels(from + features.frames);
    const speech = detectSpeech(features.levelDb);
    for (let i = 0; i < features.frames; i++) this.#labels[from + i] = speech[i] ? UNLABELLED : SILENCE;
    for (const segment of segmentSpeech(features, speech, this.#settings)) {
      this.#segments.push({ start: segment.start, end: segment.end });
      this.#stats.push(segment.stats);
    }
    this.#nextFrame = from + features.frames;
    // Keep from one hop before the next window on.
    const keepFrom = this.#nextFrame * HOP_SAMPLES - HOP_SAMPLES;
    const drop = keepFrom - this.#bufferStart;
    if (drop > 0) {
      buffer.copyWithin(0, drop, this.#length);
      this.#length -= drop;
      this.#bufferStart = keepFrom;
    }
  }

  #growLabels(frames: number): void {
    if (frames <= this.#labels.length) return;
    const grown = new Int16Array(Math.max(frames, this.#labels.length * 2));
    grown.set(this.#labels);
    this.#labels = grown;
  }
}

/**
 * The clusters' prints in the order `labelsToTurns` numbers speakers: by first frame heard.
 * A cluster no frame is labelled with any more (the resegmentation took all its frames) is left
 * out, as it is from the turns.
 */
function printsInTurnOrder(labels: Int16Array, voices: readonly GaussianStats[]): VoicePrint[] {
  const order: number[] = [];
  const seen = new Set<number>();
  for (const label of labels) {
    if (label < 0 || seen.has(label)) continue;
    seen.add(label);
    order.push(label);
    if (order.length === voices.length) break;
  }
  return order.map((label) => printOf(voices[label]!)!);
}

/** Copies samples, scaling 16-bit ones into [-1, 1] when the target holds floats. */
function copyInto(target: Pcm, offset: number, source: Pcm): void {
  if (target instanceof Float32Array && source instanceof Int16Array) {
    for (let i = 0; i < source.length; i++) target[offset + i] = source[i]! / 32768;
  } else {
    target.set(source, offset);
  }
}
