/** The files of one build, as the loader finds them in its unpacked folder (ADR 0038). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { PersonalModelPaths } from '../../transcription/personal-model.ts';
import type { PersonalModel } from '../decoding/personal-decoder.ts';

export const MODEL_FILES = {
  /** Stock dictionary plus the person's words. */
  dictionary: 'personal.dict',
  /** The person's ARPA model, interpolated with the stock one at `meta.lmWeight`. */
  languageModel: 'personal.arpa',
  /**
   * The stock model and the person's mixed at `meta.lmWeight` into one binary trie, which the
   * decoder opens with `-lm` (language/mix/). Builds made before it have none and decode through
   * sphinxbase's model set, interpolating the two at run time.
   */
  mergedLanguageModel: 'merged.lm.bin',
  /** MAP-adapted acoustic model folder; absent when there was not enough corrected audio. */
  acousticDir: 'acoustic',
  /** How the person writes their words: dictionary word -> spelling (pocketsphinx/written-forms.ts). */
  writtenForms: 'written.json',
  meta: 'meta.json',
} as const;

export interface ModelMeta {
  lmWeight: number;
  lmPerplexities: Record<string, number>;
  heldOutSentences: number;
  newWords: number;
  acousticSeconds: number;
}

/**
 * What a decoder opens on a build in `dir`: its acoustic model if built, else the stock one; its
 * merged language model if it has one (chosen by the file being there), else the stock and
 * personal models to interpolate at run time.
 */
export function decoderModelIn(dir: string, stockDir: string, meta: ModelMeta): PersonalModel {
  const acoustic = join(dir, MODEL_FILES.acousticDir);
  const merged = join(dir, MODEL_FILES.mergedLanguageModel);
  return {
    hmm: existsSync(acoustic) ? acoustic : join(stockDir, 'en-us'),
    lm: join(stockDir, 'en-us.lm.bin'),
    dict: join(dir, MODEL_FILES.dictionary),
    ...(existsSync(merged)
      ? { mergedLm: merged }
      : { personalLm: { path: join(dir, MODEL_FILES.languageModel), weight: meta.lmWeight } }),
  };
}

/** The same as the engine takes it (the stock LM is always the worker's own), named `buildId`. */
export function enginePaths(buildId: string, model: PersonalModel): PersonalModelPaths {
  const { hmm, dict, mllr, personalLm, mergedLm } = model;
  return {
    buildId,
    hmm,
    dict,
    ...(mllr ? { mllr } : {}),
    ...(mergedLm ? { mergedLm } : personalLm ? { personalLm } : {}),
  };
}
