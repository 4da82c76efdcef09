/**
 * The stock decoders' dictionary trimmed to the language model's words (decoding-dictionary.ts,
 * ADR 0063): the words read from Debian's trie binary and from ARPA text, the file made once and
 * reused, the full dictionary whenever the trimmed one cannot be trusted, and the same words
 * decoded from real speech with either dictionary.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { PocketsphinxDecoder } from '../../src/transcription/pocketsphinx/decoder.ts';
import {
  keepEntries,
  resolveDecodingModel,
  trimmedDictionary,
} from '../../src/transcription/pocketsphinx/decoding-dictionary.ts';
import { readLmVocabulary } from '../../src/transcription/pocketsphinx/lm-vocabulary.ts';
import { resolveModel } from '../../src/transcription/pocketsphinx/model.ts';
import { FixtureDir, speak } from './support/speech.ts';
import { load } from './support/speech-fixtures.ts';

const stock = resolveModel();
const dir = new FixtureDir();
afterAll(() => dir.remove());

describe('the language model’s words', () => {
  it('are read from the trie binary: every unigram its header counts', () => {
    const words = readLmVocabulary(stock.lm);
    const header = readFileSync(stock.lm).subarray(0, 64);
    const unigrams = header.readUInt32LE('Trie Language Model'.length + 1);
    expect(unigrams).toBeGreaterThan(50_000);
    expect(words?.size).toBe(unigrams);
    for (const word of ['the', 'tomorrow', 'dentist', '</s>', "don't"]) expect(words?.has(word)).toBe(true);
    expect(words?.has('zzzqx')).toBe(false);
  });

  it('are read from ARPA text', () => {
    const arpa = join(dir.path, 'small.arpa');
    writeFileSync(
      arpa,
      [
        '\\data\\',
        'ngram 1=4',
        'ngram 2=1',
        '',
        '\\1-grams:',
        '-1.0 </s>',
        '-99 <s> -0.5',
        '-0.6 hive -0.3',
        '-0.6 bees',
        '',
        '\\2-grams:',
        '-0.2 hive bees',
        '',
        '\\end\\',
        '',
      ].join('\n'),
    );
    expect(readLmVocabulary(arpa)).toEqual(new Set(['</s>', '<s>', 'hive', 'bees']));
  });

  it('are not guessed from a file of another kind', () => {
    const other = join(dir.path, 'other.lm');
    writeFileSync(other, 'not a language model\n');
    expect(readLmVocabulary(other)).toBeUndefined();
  });
});

describe('the trimmed dictionary', () => {
  it('keeps a kept word’s variants and drops the rest', () => {
    const text = 'bees B IY Z\nhive HH AY V\nread R EH D\nread(2) R IY D\nzebra Z IY B R AH\n';
    expect(keepEntries(text, new Set(['bees', 'read']))).toEqual({
      text: 'bees B IY Z\nread R EH D\nread(2) R IY D\n',
      words: 2,
    });
  });

  it('holds every language-model word the full one has, and nothing else, made once', () => {
    const cache = join(dir.path, 'cache');
    mkdirSync(cache);
    const path = trimmedDictionary(stock, cache);
    expect(path).toBeDefined();
    const kept = readFileSync(path!, 'utf8');
    const words = readLmVocabulary(stock.lm)!;
    const full = keepEntries(readFileSync(stock.dict, 'utf8'), words);
    expect(kept).toBe(full.text);
    expect(full.words).toBeGreaterThan(words.size * 0.9);
    expect(kept.split('\n').length).toBeLessThan(readFileSync(stock.dict, 'utf8').split('\n').length * 0.7);
    expect(statSync(join(cache, `voxpad-${userInfo().uid}`)).mode & 0o777).toBe(0o700);

    const made = statSync(path!).mtimeMs;
    expect(trimmedDictionary(stock, cache)).toBe(path);
    expect(statSync(path!).mtimeMs).toBe(made);
    expect(resolveDecodingModel(undefined, cache)).toEqual({ ...stock, dict: path });
  });

  it('is not used from a folder others can write to: the decoder gets the full one', () => {
    const cache = join(dir.path, 'shared');
    mkdirSync(join(cache, `voxpad-${userInfo().uid}`), { recursive: true });
    chmodSync(join(cache, `voxpad-${userInfo().uid}`), 0o777);
    expect(trimmedDictionary(stock, cache)).toBeUndefined();
    expect(resolveDecodingModel(undefined, cache)).toEqual(stock);
  });

  it('is not made for a language model it cannot read', () => {
    const cache = join(dir.path, 'unreadable');
    mkdirSync(cache);
    const lm = join(dir.path, 'broken.lm');
    writeFileSync(lm, 'garbage');
    expect(trimmedDictionary({ ...stock, lm }, cache)).toBeUndefined();
  });

  it('gives the same words from real speech as the full dictionary', async () => {
    const cache = join(dir.path, 'speech');
    mkdirSync(cache);
    const { samples } = load(
      speak('call the dentist on monday to schedule a cleaning', join(dir.path, 'said.wav')),
    );
    const pcm = Int16Array.from(samples, (s) => Math.max(-32768, Math.min(32767, Math.round(s * 32767))));

    const decodeWith = async (dict: string) => {
      const decoder = PocketsphinxDecoder.open({ ...stock, dict });
      try {
        return (await decoder.decode(pcm)).map(({ word, start, end }) => ({ word, start, end }));
      } finally {
        decoder.close();
      }
    };
    const full = await decodeWith(stock.dict);
    const trimmed = await decodeWith(trimmedDictionary(stock, cache)!);
    expect(full.map((w) => w.word)).toContain('dentist');
    expect(trimmed).toEqual(full);
  }, 60_000);
});
