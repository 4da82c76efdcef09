/**
 * Locates the three files a pocketsphinx model consists of. Checked up front
 * because pocketsphinx itself reports a missing file only in its log (which we
 * silence) and then returns NULL from ps_init.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { TranscriptionError } from '../errors.ts';

/** Where Debian's pocketsphinx-en-us package installs the US English model. */
export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export interface ModelPaths {
  /** Acoustic model directory (contains `mdef`). */
  hmm: string;
  /** N-gram language model. */
  lm: string;
  /** Pronunciation dictionary. */
  dict: string;
}

/**
 * Accepts the Debian layout (`en-us/`, `en-us.lm.bin`, `cmudict-en-us.dict`)
 * and, for custom models, any directory with one acoustic-model subdirectory,
 * one `.lm.bin`/`.lm`/`.arpa` file and one `.dict`/`.dic` file.
 */
export function resolveModel(modelDir: string = DEFAULT_MODEL_DIR): ModelPaths {
  const standard: ModelPaths = {
    hmm: join(modelDir, 'en-us'),
    lm: join(modelDir, 'en-us.lm.bin'),
    dict: join(modelDir, 'cmudict-en-us.dict'),
  };
  if (isAcousticModel(standard.hmm) && existsSync(standard.lm) && existsSync(standard.dict)) {
    return standard;
  }

  const entries = safeList(modelDir);
  const hmm = entries.find((name) => isAcousticModel(join(modelDir, name)));
  // The phonetic LM (`*-phone.lm.bin`) is for phoneme recognition, not words.
  const lm = entries.find((name) => /\.(lm\.bin|lm|arpa)$/.test(name) && !/phone/.test(name));
  const dict = entries.find((name) => /\.(dict|dic)$/.test(name));
  if (hmm && lm && dict) {
    return { hmm: join(modelDir, hmm), lm: join(modelDir, lm), dict: join(modelDir, dict) };
  }
  throw new TranscriptionError(
    'model_missing',
    `The pocketsphinx English model was not found in ${modelDir}: run \`apt-get install pocketsphinx-en-us\``,
  );
}

function isAcousticModel(dir: string): boolean {
  return existsSync(join(dir, 'mdef')) && statSync(dir).isDirectory();
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
