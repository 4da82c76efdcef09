/**
 * Turns a decoder-only acoustic model (Debian's en-us: binary mdef, sendump) into the files
 * SphinxTrain reads: a text mdef and float mixture_weights, beside copies of the Gaussians,
 * transition matrices, feat.params and noise dictionary. Done once per stock model and cached.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { runTool } from '../run-tool.ts';
import { writeMixtureWeightsFromSendump } from './sendump.ts';

export interface TrainableModel {
  dir: string;
  /** The stock model directory it came from (what the decoder loads). */
  stockDir: string;
  mdefText: string;
  means: string;
  variances: string;
  mixtureWeights: string;
  transitionMatrices: string;
  featParams: string;
  noisedict: string;
}

const COPIED = ['means', 'variances', 'transition_matrices', 'feat.params', 'noisedict'] as const;

export function trainableModelPaths(stockDir: string, dir: string): TrainableModel {
  return {
    dir,
    stockDir,
    mdefText: join(dir, 'mdef.txt'),
    means: join(dir, 'means'),
    variances: join(dir, 'variances'),
    mixtureWeights: join(dir, 'mixture_weights'),
    transitionMatrices: join(dir, 'transition_matrices'),
    featParams: join(dir, 'feat.params'),
    noisedict: join(dir, 'noisedict'),
  };
}

/** Builds the trainable copy in `dir` unless it is there already (about 1 s). */
export async function prepareTrainableModel(stockDir: string, dir: string): Promise<TrainableModel> {
  const model = trainableModelPaths(stockDir, dir);
  const ready = [model.mdefText, model.mixtureWeights, ...COPIED.map((file) => join(dir, file))].every(
    (path) => existsSync(path),
  );
  if (ready) return model;
  await mkdir(dir, { recursive: true });
  for (const file of COPIED) await copyFile(join(stockDir, file), join(dir, file));
  if (existsSync(join(stockDir, 'mixture_weights'))) {
    await copyFile(join(stockDir, 'mixture_weights'), model.mixtureWeights);
  } else {
    await writeMixtureWeightsFromSendump(join(stockDir, 'sendump'), model.mixtureWeights);
  }
  await runTool({
    program: 'pocketsphinx_mdef_convert',
    args: ['-text', join(stockDir, 'mdef'), model.mdefText],
    purpose: 'writing the model definition as text',
    debianPackage: 'pocketsphinx',
  });
  return model;
}
