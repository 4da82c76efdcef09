/**
 * How close espeak-ng's generated pronunciations (the vocabulary's `generated` source, ADR 0036)
 * come to the stock dictionary's, on words the dictionary knows: a sample of plain words and
 * one of names (capitalised entries are not marked in the dictionary, so a fixed list is used).
 * Phone error rate = edit distance / reference phones, against the closest of the word's
 * dictionary pronunciations. Also the memory the in-memory dictionary costs.
 *
 *   node --expose-gc --import tsx bench/vocabulary/g2p-accuracy.ts [sample size]
 */
import { readFileSync } from 'node:fs';
import { pronounce } from '../../apps/server/src/adaptation/language/pronounce.ts';
import { resolveModel } from '../../apps/server/src/transcription/pocketsphinx/model.ts';
import { parseDictionary } from '../../apps/server/src/vocabulary/stock-dictionary.ts';

const NAMES = [
  'siobhan',
  'nguyen',
  'ottoline',
  'gwendolyn',
  'leicester',
  'worcester',
  'thames',
  'edinburgh',
  'cholmondeley',
  'niamh',
  'saoirse',
  'aoife',
  'joaquin',
  'xavier',
  'bjorn',
  'giuseppe',
  'katarzyna',
  'wojciech',
  'dmitri',
  'yekaterinburg',
  'guangzhou',
  'shenzhen',
  'nairobi',
  'ouagadougou',
  'reykjavik',
  'zurich',
  'gloucester',
  'greenwich',
  'marylebone',
  'llanelli',
];

function distance(a: readonly string[], b: readonly string[]): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

async function score(label: string, words: string[], dict: Map<string, string[]>) {
  const generated = new Map((await pronounce(words)).map((entry) => [entry.word, entry.phones]));
  let errors = 0;
  let phones = 0;
  let exact = 0;
  let missing = 0;
  for (const word of words) {
    const made = generated.get(word);
    const references = (dict.get(word) ?? []).map((p) => p.split(' '));
    if (!made) {
      missing++;
      continue;
    }
    const best = references
      .map((ref) => ({ ref, d: distance(made, ref) }))
      .sort((x, y) => x.d / x.ref.length - y.d / y.ref.length)[0]!;
    errors += best.d;
    phones += best.ref.length;
    if (best.d === 0) exact++;
  }
  const scored = words.length - missing;
  console.log(
    `${label}: ${words.length} words, ${missing} not spelt, exact ${exact}/${scored} (${((100 * exact) / scored).toFixed(1)} %), phone error rate ${((100 * errors) / phones).toFixed(1)} %`,
  );
}

const size = Number(process.argv[2] ?? 1000);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage().heapUsed;
const dict = parseDictionary(readFileSync(resolveModel().dict, 'utf8'));
gc?.();
const after = process.memoryUsage().heapUsed;
console.log(`dictionary: ${dict.size} words, ${((after - before) / 1024 / 1024).toFixed(1)} MB of heap`);

// A fixed, spread-out sample of plain words (letters only, 4+ letters): every k-th entry.
const plain = [...dict.keys()].filter((word) => /^[a-z]{4,}$/.test(word));
const step = Math.floor(plain.length / size);
await score('plain words', plain.filter((_, i) => i % step === 0).slice(0, size), dict);
await score(
  'names and places',
  NAMES.filter((name) => dict.has(name)),
  dict,
);
