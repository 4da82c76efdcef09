/**
 * The adaptation chain end to end on a short clip set: the real Debian tools (pocketsphinx,
 * sphinxtrain, sphinxbase-utils, espeak-ng) and the real en-us model, speech by flite. Proves the
 * files each step writes are ones the next step and the decoder accept; accuracy is the bench's
 * job (bench/adapt/feasibility.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { adaptSpeaker } from '../../src/adaptation/acoustic/adapt-speaker.ts';
import { parseSendump } from '../../src/adaptation/acoustic/sendump.ts';
import { prepareTrainableModel } from '../../src/adaptation/acoustic/trainable-model.ts';
import { PersonalDecoder } from '../../src/adaptation/decoding/personal-decoder.ts';
import { AdaptationError } from '../../src/adaptation/errors.ts';
import { buildMergedModel } from '../../src/adaptation/language/mix/merged-model.ts';
import { buildPersonalLanguage } from '../../src/adaptation/language/personal-language.ts';
import { FixtureDir, keywordRecall, speak } from '../transcription/support/speech.ts';

const STOCK = '/usr/share/pocketsphinx/model/en-us';
const SENTENCES = [
  'the varroa count on the sticky board was higher than last week',
  'ottoline said she would bring two nucs on saturday morning',
  'the langstroth boxes need new frames and fresh foundation',
];

const dir = new FixtureDir();
afterAll(() => dir.remove());

function pcmOf(path: string): Int16Array {
  const bytes = readFileSync(path).subarray(44);
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

describe('speaker and language adaptation with the Debian tools', () => {
  it('recovers the weights, adapts to a voice and decodes with the person’s words', async () => {
    const wavs = SENTENCES.map((text, i) => speak(text, dir.file(`sentence-${i}.wav`)));
    const model = await prepareTrainableModel(join(STOCK, 'en-us'), dir.file('trainable'));
    // bw (in adaptSpeaker below) reads the recovered mixture_weights and checks their checksum.

    const language = await buildPersonalLanguage(SENTENCES, join(STOCK, 'cmudict-en-us.dict'), dir.path);
    expect(language.newWords.map((entry) => entry.word)).toEqual([
      'langstroth',
      'nucs',
      'ottoline',
      'varroa',
    ]);

    const speaker = await adaptSpeaker({
      model,
      dictionary: language.dictionary,
      recordings: wavs.map((wavPath, i) => ({ id: `note-${i}`, wavPath, transcript: SENTENCES[i]! })),
      workDir: dir.file('speaker'),
    });
    expect(speaker.aligned).toBe(SENTENCES.length);
    // One regression class, three streams of 13 coefficients.
    expect(readFileSync(speaker.mllrFile, 'utf8')).toMatch(/^1\n3\n13\n/);

    const decoder = PersonalDecoder.open({
      hmm: speaker.mapModelDir,
      lm: join(STOCK, 'en-us.lm.bin'),
      dict: language.dictionary,
      personalLm: { path: language.languageModel, weight: 0.5 },
    });
    try {
      const interpolated = decoder.decode(pcmOf(wavs[0]!));
      // 'varroa' is in neither the stock dictionary nor the stock LM: only the personal ones give it.
      expect(interpolated.split(' ')).toContain('varroa');
      expect(keywordRecall(['sticky', 'board', 'higher', 'week'], interpolated)).toBeGreaterThanOrEqual(0.75);
    } finally {
      decoder.close();
    }

    // The same two models mixed into one file at build time, opened with -lm and no model set.
    const merged = await buildMergedModel({
      stockLm: join(STOCK, 'en-us.lm.bin'),
      personalLm: language.languageModel,
      personalWeight: 0.5,
      out: dir.file('merged.lm.bin'),
      workDir: dir.path,
    });
    expect(merged.ngrams[0]).toBeGreaterThan(72_547);
    const mergedDecoder = PersonalDecoder.open({
      hmm: speaker.mapModelDir,
      lm: join(STOCK, 'en-us.lm.bin'),
      mergedLm: dir.file('merged.lm.bin'),
      dict: language.dictionary,
    });
    try {
      const heard = mergedDecoder.decode(pcmOf(wavs[0]!));
      expect(heard.split(' ')).toContain('varroa');
      expect(keywordRecall(['sticky', 'board', 'higher', 'week'], heard)).toBeGreaterThanOrEqual(0.75);
    } finally {
      mergedDecoder.close();
    }
  });

  it('refuses a transcript with words the dictionary cannot pronounce, naming them', async () => {
    const model = await prepareTrainableModel(join(STOCK, 'en-us'), dir.file('trainable'));
    const attempt = adaptSpeaker({
      model,
      dictionary: join(STOCK, 'cmudict-en-us.dict'),
      recordings: [{ id: 'note', wavPath: dir.file('sentence-0.wav'), transcript: SENTENCES[0]! }],
      workDir: dir.file('refused'),
    });
    await expect(attempt).rejects.toBeInstanceOf(AdaptationError);
    await expect(attempt).rejects.toThrow(/no pronunciation yet: varroa/);
  });

  it('decodes the quantised sendump to weights that already sum to about one', () => {
    const weights = parseSendump(readFileSync(join(STOCK, 'en-us', 'sendump')));
    expect([weights.senones, weights.features, weights.codewords]).toEqual([5126, 3, 128]);
    // A shift one bit off squares or square-roots every weight, putting these sums far from 1.
    expect(weights.rawSums.min).toBeGreaterThan(0.85);
    expect(weights.rawSums.max).toBeLessThanOrEqual(1.001);
  });
});
