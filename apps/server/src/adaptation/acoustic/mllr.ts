/** Step 3a: one MLLR transform of the Gaussian means (`mllr_solve`), loaded with `-mllr`. */
import { runTool, sphinxtrain } from '../run-tool.ts';
import type { TrainableModel } from './trainable-model.ts';

export async function solveMllr(model: TrainableModel, accumDir: string, outFile: string): Promise<void> {
  await runTool({
    program: sphinxtrain('mllr_solve'),
    args: ['-meanfn', model.means, '-varfn', model.variances, '-outmllrfn', outFile, '-accumdir', accumDir],
    purpose: 'solving the MLLR transform',
    debianPackage: 'sphinxtrain',
  });
}
