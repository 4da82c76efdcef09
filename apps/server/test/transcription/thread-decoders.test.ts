/**
 * What one decoder thread keeps open (thread-decoders.ts): the stock decoder counts in the limit
 * like a person's, so with a limit of 1 a thread decoding one person's notes holds only their
 * decoder. Before, the stock decoder stayed open beside up to `limit` personal ones. Real
 * decoders on the en-us model; a closed one answers "closed".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildPersonalLanguage } from '../../src/adaptation/language/personal-language.ts';
import type { PersonalModelPaths } from '../../src/transcription/personal-model.ts';
import type { PocketsphinxDecoder } from '../../src/transcription/pocketsphinx/decoder.ts';
import { resolveModel } from '../../src/transcription/pocketsphinx/model.ts';
import { ThreadDecoders } from '../../src/transcription/pocketsphinx/thread-decoders.ts';
import { FixtureDir } from './support/speech.ts';

const stock = resolveModel();
const dir = new FixtureDir();
let build: (id: string) => PersonalModelPaths;

beforeAll(async () => {
  const language = await buildPersonalLanguage(
    ['ottoline opened the langstroth hive', 'the varroa count was low'],
    stock.dict,
    dir.path,
  );
  build = (buildId) => ({
    buildId,
    hmm: stock.hmm,
    dict: language.dictionary,
    personalLm: { path: language.languageModel, weight: 0.5 },
  });
}, 60_000);
afterAll(() => dir.remove());

const silence = new Int16Array(16_000);
const isClosed = (decoder: PocketsphinxDecoder) =>
  decoder.decode(silence).then(
    () => false,
    (error: unknown) => (error as { code?: string }).code === 'closed',
  );

describe('the decoders a worker thread keeps open', () => {
  it('with a limit of 1 holds only the decoder the last job needed, stock or a person’s', async () => {
    const decoders = new ThreadDecoders(stock, 1);
    try {
      const stockDecoder = decoders.get();
      expect(decoders.held()).toEqual(['stock']);
      const personal = decoders.get(build('build-a'));
      expect(decoders.held()).toEqual(['build-a']);
      expect(await isClosed(stockDecoder)).toBe(true);
      expect(await isClosed(personal)).toBe(false);

      const reopened = decoders.get();
      expect(reopened).not.toBe(stockDecoder);
      expect(decoders.held()).toEqual(['stock']);
      expect(await isClosed(personal)).toBe(true);
    } finally {
      decoders.close();
    }
  }, 120_000);

  it('with a limit of 2 closes the least recently used, the stock one too', async () => {
    const decoders = new ThreadDecoders(stock, 2);
    try {
      const stockDecoder = decoders.get();
      const a = decoders.get(build('build-a'));
      expect(decoders.get()).toBe(stockDecoder);
      decoders.get(build('build-b'));
      expect(decoders.held()).toEqual(['stock', 'build-b']);
      expect(await isClosed(a)).toBe(true);
      decoders.get(build('build-a'));
      expect(decoders.held()).toEqual(['build-b', 'build-a']);
      expect(await isClosed(stockDecoder)).toBe(true);
    } finally {
      decoders.close();
    }
  }, 120_000);
});
