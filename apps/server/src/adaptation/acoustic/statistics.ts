/**
 * Step 2 of speaker adaptation: `bw` aligns each recording with its corrected transcript and
 * sums how often each Gaussian and senone was used (the counts MLLR and MAP adapt from).
 */
import { mkdir } from 'node:fs/promises';

import { runTool, sphinxtrain } from '../run-tool.ts';
import { type FeatParams, tiedStateMapping, trainingFeatureArgs } from './feat-params.ts';
import type { TrainableModel } from './trainable-model.ts';

export interface StatisticsInput {
  model: TrainableModel;
  params: FeatParams;
  /** A dictionary holding every word of the transcripts (stock plus the person's words). */
  dictionary: string;
  controlFile: string;
  transcriptFile: string;
  featureDir: string;
  accumDir: string;
}

/** Returns how many utterances bw could align (the rest are skipped, e.g. transcripts too long). */
export async function collectStatistics(input: StatisticsInput): Promise<{ aligned: number }> {
  await mkdir(input.accumDir, { recursive: true });
  const { stdout, stderr } = await runTool({
    program: sphinxtrain('bw'),
    args: [
      '-hmmdir',
      input.model.dir,
      '-moddeffn',
      input.model.mdefText,
      '-ts2cbfn',
      tiedStateMapping(input.params),
      ...trainingFeatureArgs(input.params),
      '-dictfn',
      input.dictionary,
      '-fdictfn',
      input.model.noisedict,
      '-ctlfn',
      input.controlFile,
      '-lsnfn',
      input.transcriptFile,
      '-cepdir',
      input.featureDir,
      '-accumdir',
      input.accumDir,
    ],
    purpose: 'aligning the recordings with their transcripts',
    debianPackage: 'sphinxtrain',
  });
  const aligned = (stdout + stderr).split('\n').filter((line) => line.startsWith('utt>')).length;
  return { aligned };
}
