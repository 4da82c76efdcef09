import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  composeCasingSources,
  loadCasingSource,
  mapCasingSource,
  parseWordList,
} from '../../../src/transcripts/formatting/casing.ts';
import { formatWords, readableText } from '../../../src/transcripts/formatting/format-transcript.ts';
import { format, timedWords } from './words.ts';

describe('casing', () => {
  it('writes "I" and its contractions as pocketsphinx spells them', () => {
    expect(format("yes i'm sure i'll go i've seen it i'd say i can")).toBe(
      "Yes I'm sure I'll go I've seen it I'd say I can.",
    );
  });

  it('capitalises from the source and the sentence start', () => {
    expect(format('sarah moved in last june')).toBe('Sarah moved in last June.');
    expect(format('we fly to london on monday')).toBe('We fly to London on Monday.');
  });

  it('writes "may", "march" and "august" as months only beside a number or after "in" and the like', () => {
    expect(format('we may go in may')).toBe('We may go in May.');
    expect(format('the third of march we march on')).toBe('The 3rd of March we march on.');
    expect(format('it was may twenty first')).toBe('It was May 21st.');
    expect(format('an august house in august')).toBe('An august house in August.');
  });

  it('takes from a word list only the words it holds capitalised alone', () => {
    const forms = parseWordList("Monday\nLondon\nBill\nbill\nMay\nmay\nSarah\nSarah's\nNASA\n");
    expect(Object.fromEntries(forms)).toEqual({
      monday: 'Monday',
      london: 'London',
      sarah: 'Sarah',
      "sarah's": "Sarah's",
      nasa: 'NASA',
    });
  });

  it('reads the list once, on first use, and falls back to weekdays and months with one message', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-casing-'));
    const file = path.join(dir, 'words');
    const messages: string[] = [];
    const missing = loadCasingSource({ path: file, log: (m) => messages.push(m) });
    expect(missing.properForm('tuesday')).toBe('Tuesday');
    expect(missing.properForm('london')).toBeUndefined();
    expect(missing.properForm('paris')).toBeUndefined();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/could not be read.*wamerican/);
    expect(loadCasingSource({ path: file })).toBe(missing);

    const present = path.join(dir, 'present');
    fs.writeFileSync(present, 'Paris\nparis\nOslo\n');
    const list = loadCasingSource({ path: present });
    expect(list.properForm('oslo')).toBe('Oslo');
    fs.rmSync(dir, { recursive: true, force: true });
    expect(list.properForm('paris')).toBeUndefined();
    expect(list.properForm('friday')).toBe('Friday');
  });

  it('lets a higher source decide first, including keeping a word lower case', () => {
    const own = mapCasingSource(
      new Map([
        ['bill', 'Bill'],
        ['london', 'london'],
      ]),
    );
    const list = mapCasingSource(
      new Map([
        ['london', 'London'],
        ['paris', 'Paris'],
      ]),
    );
    const casing = composeCasingSources(own, list);
    expect(readableText(formatWords(timedWords('ask bill about london and paris'), { casing }))).toBe(
      'Ask Bill about london and Paris.',
    );
  });

  it('reads names from the wamerican list (a run-time package, scripts/setup.mjs)', () => {
    const casing = loadCasingSource();
    expect(casing.properForm('london')).toBe('London');
    expect(casing.properForm('chicago')).toBe('Chicago');
    expect(casing.properForm('bill')).toBeUndefined();
  });
});
