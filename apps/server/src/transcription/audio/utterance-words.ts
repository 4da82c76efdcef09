/**
 * An utterance is decoded with the audio before it (its context, see utterance-endpointer.ts).
 * The words heard in the context belong to the utterance before and were reported with it: a
 * word counts for this utterance when its middle lies in the utterance's own audio. Times move
 * from the decoded piece to the recording.
 */
import type { TranscriptWord } from '../transcriber.ts';
import type { Utterance } from './utterance-endpointer.ts';

const SAMPLE_RATE = 16000;

export function utteranceWords(
  { start, from }: Pick<Utterance, 'start' | 'from'>,
  decoded: readonly TranscriptWord[],
): TranscriptWord[] {
  const offset = start / SAMPLE_RATE;
  const own = (from - start) / SAMPLE_RATE;
  return decoded
    .filter((word) => (word.start + word.end) / 2 >= own)
    .map((word) => ({ ...word, start: roundMs(word.start + offset), end: roundMs(word.end + offset) }));
}

/** Times are multiples of 10 ms; rounding drops float noise such as 30.259999999999998. */
function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
