/**
 * Writes a build's merged language model (ADR 0040, session 17): the stock model and the person's
 * ARPA model mixed statically at the build's weight, as the binary trie the decoder opens with
 * `-lm`, so decoding scores one model per lookup instead of two through a model set.
 *
 * The stock model is read from its binary file for each build and let go afterwards (not kept per
 * process: its arrays are ~90 MB a worker would hold between builds minutes apart, to save about
 * 0.3 s of a build's CPU). The ARPA text is scratch: sphinx_lm_convert reads it, then it goes.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { runTool } from '../../run-tool.ts';
import { readArpaModel } from '../ngram/read-arpa.ts';
import { writeArpaModel } from '../ngram/write-arpa.ts';
import { readTrieModel } from '../stock-trie/read-trie.ts';
import { mixModels } from './mix-models.ts';

export interface MergedModelInput {
  /** The stock binary trie (en-us.lm.bin). */
  stockLm: string;
  /** The person's ARPA model. */
  personalLm: string;
  /** The person's weight, 0..1 (the stock model gets the rest). */
  personalWeight: number;
  /** Where the binary model goes. */
  out: string;
  /** Scratch folder for the ARPA text (~100 MB for the stock model). */
  workDir: string;
  signal?: AbortSignal | undefined;
}

export interface MergedModel {
  /** N-grams per order, unigrams first. */
  ngrams: number[];
}

export async function buildMergedModel(input: MergedModelInput): Promise<MergedModel> {
  const arpa = join(input.workDir, 'merged.arpa');
  try {
    const ngrams = await writeMergedArpa(input, arpa);
    input.signal?.throwIfAborted();
    await runTool({
      program: 'sphinx_lm_convert',
      args: convertArgs(arpa, input.out),
      purpose: 'writing the merged language model',
      debianPackage: 'sphinxbase-utils',
    });
    return { ngrams };
  } finally {
    await rm(arpa, { force: true });
  }
}

/** sphinx_lm_convert's arguments: ARPA in, binary trie out (bench/adapt/merged-build-cost.ts too). */
export function convertArgs(arpa: string, out: string): string[] {
  return ['-i', arpa, '-ifmt', 'arpa', '-o', out, '-ofmt', 'bin'];
}

/**
 * The mix written as ARPA text; n-grams per order. Its own function, so the models' arrays are
 * garbage once the text is written.
 */
export async function writeMergedArpa(input: MergedModelInput, arpa: string): Promise<number[]> {
  const stock = await readTrieModel(input.stockLm);
  const personal = await readArpaModel(input.personalLm, stock.vocabulary);
  input.signal?.throwIfAborted();
  const merged = mixModels(stock, personal, 1 - input.personalWeight);
  await writeArpaModel(merged, arpa);
  return [merged.unigramProbs.length, ...merged.tables.map((table) => table.keys.length)];
}
