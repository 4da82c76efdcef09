/**
 * The formatting bench's real-speech set: a GUARD, not a tuning set. Its figures say whether
 * a rule tuned on flite's speech places sentence ends where a real person only paused for
 * breath; no rule or threshold is to be chosen to fit them. It is the five LibriVox clips of
 * Debian's pocketsphinx-testdata (one reader, "Sense and Sensibility", 25 s), joined in order
 * and decoded as one recording by our pipeline. Their references have no punctuation, so the
 * book's text (below) says what each join between clips is: no clip has a sentence end inside
 * it, so an end placed inside a clip is spurious, and so is one at a join the book reads
 * through with a comma. An end at a full stop, at a semicolon (two clauses that stand alone) or
 * between clips not adjacent in the book is right. The end of the recording is not counted.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { decodeSpeech } from '../../apps/server/src/transcription/audio/decode-speech.ts';
import type { PcmTranscriber } from '../../apps/server/src/transcription/audio/pcm-transcriber.ts';
import type { TranscriptWord } from '../../apps/server/src/transcription/transcriber.ts';
import type { FormattedWord } from '../../apps/server/src/transcripts/formatting/format-transcript.ts';
import { TESTDATA } from './corpus.ts';

const DIR = path.join(TESTDATA, 'librivox');

/**
 * The clips in reading order and what the book has after each, before the next clip:
 * "...to do for them. | He was not an ill-disposed young man, | unless to be rather
 * cold-hearted and rather selfish is to be ill-disposed: [...] | Had he married a more amiable
 * woman, he might have been made still more respectable than he was; | he might even have
 * been made amiable himself." (0890 and 0920 are not adjacent in the book.)
 */
export const REAL_SPEECH_CLIPS = [
  { id: 'sense_and_sensibility_01_austen_64kb-0870', endsAfter: true },
  { id: 'sense_and_sensibility_01_austen_64kb-0880', endsAfter: false },
  { id: 'sense_and_sensibility_01_austen_64kb-0890', endsAfter: true },
  { id: 'sense_and_sensibility_01_austen_64kb-0920', endsAfter: true },
  { id: 'sense_and_sensibility_01_austen_64kb-0930', endsAfter: false },
] as const;

export const hasRealSpeech = (): boolean => fs.existsSync(DIR);

const clipFiles = () => REAL_SPEECH_CLIPS.map((clip) => path.join(DIR, `${clip.id}.wav`));

/** The joined clips' words, decoded by our pipeline (`dir`: a scratch directory). */
export async function decodeRealSpeech(engine: PcmTranscriber, dir: string): Promise<TranscriptWord[]> {
  const joined = path.join(dir, 'real-speech.wav');
  execFileSync('sox', [...clipFiles(), joined]);
  const speech = await decodeSpeech(new Uint8Array(fs.readFileSync(joined)), {
    maxDurationSeconds: 600,
    normalise: true,
  });
  const transcript = await engine.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks });
  return transcript.segments.flatMap((segment) => segment.words);
}

/** The time each clip ends at in the joined recording (seconds). */
export function realSpeechClipEnds(): number[] {
  let at = 0;
  return clipFiles().map((file) => (at += Number(execFileSync('soxi', ['-D', file], { encoding: 'utf8' }))));
}

export interface RealSpeechScore {
  /** Ends placed, the last word's left out. */
  placed: number;
  /** Of them, at a join where the book ends a sentence. */
  right: number;
  /** Joins where the book ends a sentence. */
  actual: number;
  /** Each spurious end in context ("consider how. | Much"). */
  spurious: string[];
}

/** Scores the formatted words of the joined clips (`clipEnds`: realSpeechClipEnds). */
export function scoreRealSpeech(
  words: readonly FormattedWord[],
  clipEnds: readonly number[],
): RealSpeechScore {
  const clipOf = (word: FormattedWord) => {
    const middle = (word.start + word.end) / 2;
    const at = clipEnds.findIndex((end) => middle < end);
    return at === -1 ? clipEnds.length - 1 : at;
  };
  const shown = words.filter((word) => word.text !== '');
  const score: RealSpeechScore = {
    placed: 0,
    right: 0,
    actual: REAL_SPEECH_CLIPS.filter((clip, i) => clip.endsAfter && i < REAL_SPEECH_CLIPS.length - 1).length,
    spurious: [],
  };
  shown.forEach((word, i) => {
    const next = shown[i + 1];
    if (next === undefined || !/[.?!]$/.test(word.text)) return;
    score.placed++;
    const clip = clipOf(word);
    if (clipOf(next) !== clip && REAL_SPEECH_CLIPS[clip]!.endsAfter) score.right++;
    else {
      const context = shown.slice(Math.max(0, i - 2), i + 3).map((w) => w.text);
      score.spurious.push(
        `${context.slice(0, Math.min(i, 2) + 1).join(' ')} | ${context.slice(Math.min(i, 2) + 1).join(' ')}`,
      );
    }
  });
  return score;
}
