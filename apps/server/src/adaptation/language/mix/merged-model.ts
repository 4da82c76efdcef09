/**
 * Writes a build's merged language model (ADR 0040, session 17): the stock model and the person's
 * ARPA model mixed statically at the build's weight, as the binary trie the decoder opens with
 * `-lm`, so decoding scores one model per lookup instead of two through a model set.
 *
 * Two processes, one after the other: mix-process.ts reads the stock model from its binary file
 * (for each build, not kept: its arrays are ~90 MB a worker would hold between builds minutes
 * apart, to save about 0.3 s of a build's CPU), mixes and writes ARPA text; sphinx_lm_convert turns
 * that into the binary trie. So the build's peak is the larger of the two, not their sum, and
 * the worker process holds none of it. The ARPA text is scratch and goes at the end.
 */
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { runTool } from '../../run-tool.ts';
import type { NgramModel } from '../ngram/ngram-model.ts';
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
    const mixed = await runTool({
      ...mixCommand(input, arpa),
      purpose: 'mixing the stock and personal language models',
      debianPackage: 'nodejs',
    });
    const { ngrams } = JSON.parse(mixed.stdout.trim().split('\n').pop() ?? '{}') as MergedModel;
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

/**
 * How to start mix-process.ts: the bundle's file beside this one; from source, the built bundle's
 * when VOXPAD_WORKER_BUNDLE names a fresh build (the test run sets it, as for the decoder workers:
 * through tsx the mix spends about 4 CPU seconds compiling itself), else the source through tsx.
 */
export function mixCommand(
  input: Pick<MergedModelInput, 'stockLm' | 'personalLm' | 'personalWeight'>,
  arpa: string,
): { program: string; args: string[] } {
  const fromSource = new URL(import.meta.url).pathname.endsWith('.ts');
  const bundle = process.env.VOXPAD_WORKER_BUNDLE;
  const entry = !fromSource
    ? fileURLToPath(new URL('./mix-language-models.js', import.meta.url))
    : bundle
      ? join(dirname(bundle), 'mix-language-models.js')
      : fileURLToPath(new URL('./mix-process.ts', import.meta.url));
  const throughTsx = entry.endsWith('.ts');
  return {
    program: process.execPath,
    args: [
      ...(throughTsx ? ['--import', 'tsx'] : []),
      entry,
      input.stockLm,
      input.personalLm,
      String(input.personalWeight),
      arpa,
    ],
  };
}

/** sphinx_lm_convert's arguments: ARPA in, binary trie out (bench/adapt/merged-build-cost.ts too). */
export function convertArgs(arpa: string, out: string): string[] {
  return ['-i', arpa, '-ifmt', 'arpa', '-o', out, '-ofmt', 'bin'];
}

/** The mix written as ARPA text (mix-process.ts runs it); n-grams per order, unigrams first. */
export async function writeMergedArpa(
  input: Pick<MergedModelInput, 'stockLm' | 'personalLm' | 'personalWeight'>,
  arpa: string,
): Promise<number[]> {
  const merged = await mixedModel(input);
  await writeArpaModel(merged, arpa);
  return [merged.unigramProbs.length, ...merged.tables.map((table) => table.keys.length)];
}

/**
 * Its own function so that nothing refers to the stock model's arrays (~90 MB) once the mix is
 * made: the collector can take them back while the text is written.
 */
async function mixedModel(
  input: Pick<MergedModelInput, 'stockLm' | 'personalLm' | 'personalWeight'>,
): Promise<NgramModel> {
  const stock = await readTrieModel(input.stockLm);
  const personal = await readArpaModel(input.personalLm, stock.vocabulary);
  return mixModels(stock, personal, 1 - input.personalWeight);
}
