import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { phraseWords } from '../../src/transcription/pocketsphinx/decoder.ts';
import {
  NO_WRITTEN_FORMS,
  readWrittenForms,
  serialiseWrittenForms,
  writtenWords,
} from '../../src/transcription/pocketsphinx/written-forms.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-written-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A build's spellings, as the builder writes them and a decoder reads them back. */
function written(words: Array<{ word: string; written: string }>) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, serialiseWrittenForms(words));
  return readWrittenForms(file);
}

describe("a person's spellings of their words", () => {
  const forms = written([
    { word: 'zarvokin', written: 'Zarvokin' },
    { word: 'zarvokin', written: 'ZARVOKIN' },
    { word: 'tarn_hows', written: 'Tarn Hows' },
    { word: 'mcallister', written: 'McAllister' },
    { word: 'varroa', written: 'varroa' },
    { word: 'sao_paulo', written: 'sao paulo' },
  ]);

  it('keeps only spellings that differ from the dictionary word, the first of a word', () => {
    expect(Object.fromEntries(forms)).toEqual({
      zarvokin: 'Zarvokin',
      tarn_hows: 'Tarn Hows',
      mcallister: 'McAllister',
    });
  });

  it('gives a dictionary word back as written, a phrase as its written words', () => {
    expect(writtenWords('zarvokin', forms)).toEqual(['Zarvokin']);
    expect(writtenWords('tarn_hows', forms)).toEqual(['Tarn', 'Hows']);
    expect(writtenWords('sao_paulo', forms)).toEqual(['sao', 'paulo']);
    expect(writtenWords('milk', forms)).toEqual(['milk']);
    expect(writtenWords('zarvokin', NO_WRITTEN_FORMS)).toEqual(['zarvokin']);
  });

  it("shares a phrase's time out between its written words", () => {
    expect(phraseWords('tarn_hows', 1, 1.8, forms)).toEqual([
      { word: 'Tarn', start: 1, end: 1.4 },
      { word: 'Hows', start: 1.4, end: 1.8 },
    ]);
    expect(phraseWords('mcallister', 2, 2.5, forms)).toEqual([{ word: 'McAllister', start: 2, end: 2.5 }]);
    expect(phraseWords('tarn_hows', 1, 1.8)).toEqual([
      { word: 'tarn', start: 1, end: 1.4 },
      { word: 'hows', start: 1.4, end: 1.8 },
    ]);
  });

  it('refuses a damaged file with a message naming it', () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, '["not", "a", "map"]');
    expect(() => readWrittenForms(file)).toThrow(/spellings of the personal model .*broken\.json.* damaged/);
    expect(() => readWrittenForms(path.join(dir, 'missing.json'))).toThrow(/could not be read/);
  });
});
