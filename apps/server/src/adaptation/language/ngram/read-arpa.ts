/**
 * Reads an ARPA model into ngram-model.ts's arrays, its words added to `vocabulary` (so a person's
 * model shares the stock model's ids and appends its new words). For the small personal models
 * (arpa.ts writes them): the text is read whole.
 */
import { readFile } from 'node:fs/promises';

import { AdaptationError } from '../../errors.ts';
import { type NgramModel, type NgramTable, ngramKey, sortedTable, Vocabulary } from './ngram-model.ts';

export async function readArpaModel(path: string, vocabulary = new Vocabulary()): Promise<NgramModel> {
  return parseArpaModel(await readFile(path, 'utf8'), vocabulary, path);
}

export function parseArpaModel(text: string, vocabulary = new Vocabulary(), path = 'the model'): NgramModel {
  const fail = (why: string): never => {
    throw new AdaptationError('model_unreadable', `${path} is not a readable ARPA model: ${why}.`);
  };
  const lines = text.split('\n');
  const counts: number[] = [];
  let i = lines.findIndex((line) => line.trim() === '\\data\\');
  if (i < 0) fail('it has no \\data\\ section');
  for (i++; i < lines.length; i++) {
    const match = /^ngram (\d+)=(\d+)$/.exec(lines[i]!.trim());
    if (!match) break;
    counts[Number(match[1]) - 1] = Number(match[2]);
  }
  const order = counts.length;
  if (order < 1 || order > 3) fail(`order ${order} is not 1 to 3`);

  const unigrams: Array<[number, number, number]> = [];
  const tables: NgramTable[] = [];
  const words: number[] = [];
  for (let n = 1; n <= order; n++) {
    while (i < lines.length && lines[i]!.trim() !== `\\${n}-grams:`) i++;
    if (i === lines.length) fail(`it has no \\${n}-grams: section`);
    const count = counts[n - 1]!;
    const table: NgramTable = {
      keys: new Float64Array(count),
      probs: new Float32Array(count),
      ...(n < order ? { backoffs: new Float32Array(count) } : {}),
    };
    for (let k = 0; k < count; k++) {
      const fields = (lines[++i] ?? '').trim().split(/\s+/);
      if (fields.length < n + 1) fail(`line ${i + 1} is not a ${n}-gram`);
      const prob = Number(fields[0]);
      const backoff = fields.length > n + 1 ? Number(fields[n + 1]) : 0;
      if (Number.isNaN(prob) || Number.isNaN(backoff)) fail(`line ${i + 1} has a number that is not one`);
      words.length = 0;
      for (let w = 1; w <= n; w++) words.push(vocabulary.add(fields[w]!));
      if (n === 1) unigrams.push([words[0]!, prob, backoff]);
      else {
        table.keys[k] = ngramKey(words);
        table.probs[k] = prob;
        if (table.backoffs) table.backoffs[k] = backoff;
      }
    }
    if (n > 1) tables.push(sortByKey(table));
  }
  const unigramProbs = new Float32Array(vocabulary.size).fill(NaN);
  const unigramBackoffs = new Float32Array(vocabulary.size).fill(NaN);
  for (const [word, prob, backoff] of unigrams) {
    unigramProbs[word] = prob;
    unigramBackoffs[word] = backoff;
  }
  return { vocabulary, order, unigramProbs, unigramBackoffs, tables };
}

/** ARPA files list n-grams in any order: sorted here by key (small models only). */
function sortByKey(table: NgramTable): NgramTable {
  const order = Array.from(table.keys.keys()).sort((a, b) => table.keys[a]! - table.keys[b]!);
  return sortedTable({
    keys: Float64Array.from(order, (at) => table.keys[at]!),
    probs: Float32Array.from(order, (at) => table.probs[at]!),
    ...(table.backoffs ? { backoffs: Float32Array.from(order, (at) => table.backoffs![at]!) } : {}),
  });
}
