/** Step 1 of speaker adaptation: MFCC features of each recording with `sphinx_fe`. */
import { mkdir } from 'node:fs/promises';

import { runTool } from '../run-tool.ts';
import type { FeatParams } from './feat-params.ts';

/** Front-end arguments of feat.params that sphinx_fe understands. */
const FRONT_END = [
  '-lowerf',
  '-upperf',
  '-nfilt',
  '-transform',
  '-lifter',
  '-dither',
  '-samprate',
  '-ncep',
  '-wlen',
  '-nfft',
  '-alpha',
];

/**
 * Reads `<wavDir>/<id>.wav` (16 kHz mono 16-bit) for every id in `controlFile` and writes
 * `<featureDir>/<id>.mfc`.
 */
export async function extractFeatures(
  params: FeatParams,
  controlFile: string,
  wavDir: string,
  featureDir: string,
): Promise<void> {
  await mkdir(featureDir, { recursive: true });
  const frontEnd = FRONT_END.flatMap((name) => {
    const value = params.get(name);
    return value === undefined ? [] : [name, value];
  });
  await runTool({
    program: 'sphinx_fe',
    args: [
      ...frontEnd,
      ...(params.has('-samprate') ? [] : ['-samprate', '16000']),
      '-c',
      controlFile,
      '-di',
      wavDir,
      '-do',
      featureDir,
      '-ei',
      'wav',
      '-eo',
      'mfc',
      '-mswav',
      'yes',
    ],
    purpose: 'computing features of the recordings',
    debianPackage: 'sphinxbase-utils',
  });
}
