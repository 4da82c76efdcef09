/**
 * Frame labels → speaker turns: runs of one speaker, joined across short pauses, with the
 * speakers numbered in the order they first speak (the first voice heard is speaker 0), so
 * the same recording always reads "speaker 1, speaker 2" from the top.
 */
import { FRAME_SECONDS } from './features.ts';

export interface SpeakerTurn {
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  /** 0 for the first voice heard, 1 for the next new one, ... */
  speaker: number;
}

/** A frame stands for the 10 ms around the middle of its 25 ms. */
const FRAME_OFFSET_SECONDS = 0.0075;

export function labelsToTurns(labels: Int16Array, bridgeSeconds: number): SpeakerTurn[] {
  const runs: { start: number; end: number; label: number }[] = [];
  let start = 0;
  for (let f = 1; f <= labels.length; f++) {
    if (f < labels.length && labels[f] === labels[start]) continue;
    const label = labels[start]!;
    if (label >= 0) {
      const previous = runs.at(-1);
      if (previous && previous.label === label && (start - previous.end) * FRAME_SECONDS <= bridgeSeconds) {
        previous.end = f;
      } else {
        runs.push({ start, end: f, label });
      }
    }
    start = f;
  }
  const order = new Map<number, number>();
  const seconds = (frame: number) => Math.round((frame * FRAME_SECONDS + FRAME_OFFSET_SECONDS) * 1000) / 1000;
  return runs.map((run) => {
    let speaker = order.get(run.label);
    if (speaker === undefined) order.set(run.label, (speaker = order.size));
    return { start: seconds(run.start), end: seconds(run.end), speaker };
  });
}
