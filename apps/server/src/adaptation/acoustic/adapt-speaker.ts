/**
 * Adapts the acoustic model to one speaker from their corrected recordings:
 * sphinx_fe (features) -> bw (statistics) -> mllr_solve (MLLR transform) and map_adapt (MAP model).
 * Either result loads into pocketsphinx: `-mllr <mllrFile>` over the stock model, or
 * `-hmm <mapModelDir>`.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { AdaptationError } from '../errors.ts';
import { readDictionaryWords } from '../language/dictionary.ts';
import { dictionaryWords } from '../words.ts';
import { readFeatParams } from './feat-params.ts';
import { extractFeatures } from './features.ts';
import { mapAdapt } from './map.ts';
import { solveMllr } from './mllr.ts';
import { collectStatistics } from './statistics.ts';
import type { TrainableModel } from './trainable-model.ts';

export interface Recording {
  /** Letters, digits, '-' and '_' only: it names the files of this recording. */
  id: string;
  /** 16 kHz mono 16-bit WAV. */
  wavPath: string;
  /** What was said, as the person corrected it. */
  transcript: string;
}

export interface SpeakerAdaptation {
  mllrFile: string;
  mapModelDir: string;
  /** Recordings bw aligned (and so learnt from). */
  aligned: number;
}

export interface AdaptSpeakerInput {
  model: TrainableModel;
  /** Dictionary with every transcript word (stock plus the person's words). */
  dictionary: string;
  recordings: readonly Recording[];
  /** Scratch and output folder for this person. */
  workDir: string;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function adaptSpeaker(input: AdaptSpeakerInput): Promise<SpeakerAdaptation> {
  const { model, recordings, workDir } = input;
  if (recordings.length === 0) {
    throw new AdaptationError(
      'not_enough_data',
      'There are no corrected recordings to learn the voice from.',
    );
  }
  const known = await readDictionaryWords(input.dictionary);
  const lines: string[] = [];
  for (const recording of recordings) {
    if (!SAFE_ID.test(recording.id)) {
      throw new AdaptationError('not_enough_data', `The recording id "${recording.id}" cannot name a file.`);
    }
    const words = dictionaryWords(recording.transcript);
    const unknown = words.filter((word) => !known.has(word));
    if (words.length === 0 || unknown.length > 0) {
      throw new AdaptationError(
        'not_enough_data',
        words.length === 0
          ? `Recording ${recording.id} has an empty transcript.`
          : `Recording ${recording.id} uses words with no pronunciation yet: ${unknown.join(', ')}.`,
      );
    }
    lines.push(`<s> ${words.join(' ')} </s> (${recording.id})`);
  }

  const wavDir = join(workDir, 'wav');
  const featureDir = join(workDir, 'features');
  const accumDir = join(workDir, 'counts');
  await mkdir(wavDir, { recursive: true });
  for (const recording of recordings) await copyFile(recording.wavPath, join(wavDir, `${recording.id}.wav`));
  const controlFile = join(workDir, 'recordings.fileids');
  const transcriptFile = join(workDir, 'recordings.transcription');
  await writeFile(controlFile, `${recordings.map((recording) => recording.id).join('\n')}\n`);
  await writeFile(transcriptFile, `${lines.join('\n')}\n`);

  const params = await readFeatParams(model.featParams);
  await extractFeatures(params, controlFile, wavDir, featureDir);
  const { aligned } = await collectStatistics({
    model,
    params,
    dictionary: input.dictionary,
    controlFile,
    transcriptFile,
    featureDir,
    accumDir,
  });
  if (aligned === 0) {
    throw new AdaptationError(
      'not_enough_data',
      'None of the recordings could be aligned with its transcript.',
    );
  }
  const mllrFile = join(workDir, 'mllr_matrix');
  const mapModelDir = join(workDir, 'map-model');
  await solveMllr(model, accumDir, mllrFile);
  await mapAdapt(model, params, accumDir, mapModelDir);
  return { mllrFile, mapModelDir, aligned };
}
