import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_DIR, resolveModel } from '../../src/transcription/pocketsphinx/model.ts';
import { FixtureDir } from './support/speech.ts';

describe('resolveModel', () => {
  const dir = new FixtureDir();
  afterAll(() => dir.remove());

  it('finds the Debian en-us model by default', () => {
    expect(resolveModel()).toEqual({
      hmm: join(DEFAULT_MODEL_DIR, 'en-us'),
      lm: join(DEFAULT_MODEL_DIR, 'en-us.lm.bin'),
      dict: join(DEFAULT_MODEL_DIR, 'cmudict-en-us.dict'),
    });
  });

  it('finds the parts of a custom model by their file types', () => {
    const root = dir.file('custom');
    mkdirSync(join(root, 'acoustic'), { recursive: true });
    for (const file of ['acoustic/mdef', 'words.lm.bin', 'words-phone.lm.bin', 'words.dict']) {
      writeFileSync(join(root, file), '');
    }
    expect(resolveModel(root)).toEqual({
      hmm: join(root, 'acoustic'),
      lm: join(root, 'words.lm.bin'),
      dict: join(root, 'words.dict'),
    });
  });

  it('names the missing package when there is no model', () => {
    expect(() => resolveModel(dir.file('nothing-here'))).toThrow(
      expect.objectContaining({
        name: 'TranscriptionError',
        code: 'model_missing',
        message: expect.stringMatching(/apt-get install pocketsphinx-en-us/),
      }),
    );
  });
});
