/**
 * Chooses how much the personal language model counts against the stock one: a model is built
 * from most of the person's sentences and the rest are scored under a few candidate weights;
 * the weight with the lowest perplexity wins (ADR 0038).
 */
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';

import { buildArpa } from '../language/arpa.ts';
import { interpolatedPerplexities } from '../language/perplexity.ts';

export const CANDIDATE_WEIGHTS = [0.1, 0.2, 0.3, 0.5, 0.7] as const;
/** With fewer sentences than this there is nothing to hold out: the weight stays at DEFAULT_WEIGHT. */
const MIN_SENTENCES = 5;
export const DEFAULT_WEIGHT = 0.5;

export interface WeightChoice {
  weight: number;
  /** Held-out perplexity per candidate weight ("0.3": 212.5); empty when nothing was held out. */
  perplexities: Record<string, number>;
  heldOut: number;
}

export async function chooseWeight(
  sentences: readonly string[],
  stockLm: string,
  workDir: string,
): Promise<WeightChoice> {
  if (sentences.length < MIN_SENTENCES) return { weight: DEFAULT_WEIGHT, perplexities: {}, heldOut: 0 };
  // Every fifth sentence is held out: spread over time, so older and newer text both count.
  const heldOut = sentences.filter((_, i) => i % 5 === 4);
  const training = sentences.filter((_, i) => i % 5 !== 4);
  const path = join(workDir, 'held-out-training.arpa');
  await writeFile(path, buildArpa(training).text);
  const { perplexities } = interpolatedPerplexities(stockLm, path, heldOut, CANDIDATE_WEIGHTS);
  let best: number = DEFAULT_WEIGHT;
  for (const [weight, perplexity] of perplexities) {
    if (perplexity < (perplexities.get(best) ?? Infinity)) best = weight;
  }
  const table: Record<string, number> = {};
  for (const [weight, perplexity] of perplexities) table[String(weight)] = Math.round(perplexity * 100) / 100;
  return { weight: best, perplexities: table, heldOut: heldOut.length };
}
