/**
 * A person's decoder costs about what a stock one does (issue 21: memory within 1.1x). It used
 * to open on the stock LM and then replace that search with the one on the combined model; the
 * first search's memory stayed with the process: +52-61 MiB over a stock decoder's ~92 MiB
 * (1.57-1.65x, bench/adapt/decoder-cost.ts). Opened with no LM and given the combined one, it
 * adds 6-8 MiB (1.07-1.08x). A build's merged model (stock and personal mixed into one file,
 * ADR 0040 session 17) is one LM like the stock one: 1.0x. Each decoder opens in its own process,
 * so they share nothing.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { buildMergedModel } from '../../src/adaptation/language/mix/merged-model.ts';
import { buildPersonalLanguage } from '../../src/adaptation/language/personal-language.ts';
import { FixtureDir, speak } from './support/speech.ts';

const STOCK_DICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';
const SENTENCES = [
  'ottoline opened the langstroth hive on the north side of the orchard',
  'we counted varroa mites on the sticky board after the treatment',
  'ottoline wants to requeen the langstroth hive in the spring',
];

const dir = new FixtureDir();
afterAll(() => dir.remove());

function open(mode: 'stock' | 'personal' | 'merged', dict: string, arpa: string, wav: string) {
  const child = join(import.meta.dirname, 'support', 'open-decoder-child.ts');
  const out = execFileSync(process.execPath, ['--import', 'tsx', child, mode, dict, arpa, wav], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as { openMiB: number; words: string[] };
}

describe('a personal decoder’s memory', () => {
  it('opens within 1.2x of a stock decoder (1.1x on a merged model) and still hears the person’s words', async () => {
    const language = await buildPersonalLanguage(SENTENCES, STOCK_DICT, dir.path);
    const wav = speak(SENTENCES[0]!, dir.file('said.wav'));
    const stock = open('stock', language.dictionary, language.languageModel, wav);
    const personal = open('personal', language.dictionary, language.languageModel, wav);

    expect(stock.openMiB).toBeGreaterThan(50);
    expect(personal.openMiB).toBeLessThan(stock.openMiB * 1.2);
    // The combined model is the one decoding: the stock dictionary has neither word.
    expect(personal.words).toEqual(expect.arrayContaining(['ottoline', 'langstroth']));
    expect(stock.words).not.toContain('langstroth');

    const merged = dir.file('merged.lm.bin');
    await buildMergedModel({
      stockLm: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
      personalLm: language.languageModel,
      personalWeight: 0.5,
      out: merged,
      workDir: dir.path,
    });
    const mergedDecoder = open('merged', language.dictionary, merged, wav);
    expect(mergedDecoder.openMiB).toBeLessThan(stock.openMiB * 1.1);
    expect(mergedDecoder.words).toEqual(expect.arrayContaining(['ottoline', 'langstroth']));
  }, 120_000);
});
