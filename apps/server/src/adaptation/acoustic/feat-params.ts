/**
 * Reads an acoustic model's `feat.params` (front-end and model-type arguments, one `-name value`
 * a line) so every SphinxTrain step computes the same features the decoder does.
 */
import { readFile } from 'node:fs/promises';

import { AdaptationError } from '../errors.ts';

export type FeatParams = ReadonlyMap<string, string>;

export async function readFeatParams(path: string): Promise<FeatParams> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AdaptationError(
      'model_unreadable',
      `The acoustic model has no readable feat.params at ${path}.`,
      {
        cause: error,
      },
    );
  }
  const params = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\s*(-\S+)\s+(\S+)\s*$/.exec(line);
    if (match) params.set(match[1]!, match[2]!);
  }
  return params;
}

/** The `-ts2cbfn` that maps tied states to codebooks: `.ptm.`, `.semi.` or `.cont.`. */
export function tiedStateMapping(params: FeatParams): string {
  const model = params.get('-model') ?? 'cont';
  if (model === 'ptm') return '.ptm.';
  if (model === 'semi') return '.semi.';
  return '.cont.';
}

/**
 * Feature arguments `bw` takes from feat.params. bw 1.0.8 knows `-cmn current` where the decoder
 * says `batch` (both normalise over the whole utterance).
 */
export function trainingFeatureArgs(params: FeatParams): string[] {
  const args: string[] = [];
  for (const name of ['-feat', '-svspec', '-agc', '-varnorm', '-lda', '-ldadim']) {
    const value = params.get(name);
    if (value !== undefined) args.push(name, value);
  }
  const cmn = params.get('-cmn');
  if (cmn !== undefined) args.push('-cmn', cmn === 'batch' ? 'current' : cmn);
  return args;
}
