/**
 * Step 3b: MAP re-estimation (`map_adapt`) of means, variances, mixture weights and transitions,
 * written as a complete model directory the decoder loads with `-hmm`. pocketsphinx reads the
 * float mixture_weights when a directory has no sendump.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { runTool, sphinxtrain } from '../run-tool.ts';
import { tiedStateMapping, type FeatParams } from './feat-params.ts';
import type { TrainableModel } from './trainable-model.ts';

export async function mapAdapt(
  model: TrainableModel,
  params: FeatParams,
  accumDir: string,
  outDir: string,
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await runTool({
    program: sphinxtrain('map_adapt'),
    args: [
      '-moddeffn',
      model.mdefText,
      '-ts2cbfn',
      tiedStateMapping(params),
      '-meanfn',
      model.means,
      '-varfn',
      model.variances,
      '-mixwfn',
      model.mixtureWeights,
      '-tmatfn',
      model.transitionMatrices,
      '-accumdir',
      accumDir,
      '-mapmeanfn',
      join(outDir, 'means'),
      '-mapvarfn',
      join(outDir, 'variances'),
      '-mapmixwfn',
      join(outDir, 'mixture_weights'),
      '-maptmatfn',
      join(outDir, 'transition_matrices'),
    ],
    purpose: 'adapting the model to the speaker (MAP)',
    debianPackage: 'sphinxtrain',
  });
  // The binary mdef loads faster than the text one; the rest is shared with the stock model.
  for (const file of ['mdef', 'feat.params', 'noisedict']) {
    await copyFile(join(model.stockDir, file), join(outDir, file));
  }
}
