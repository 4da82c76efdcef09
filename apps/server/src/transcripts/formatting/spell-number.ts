/**
 * Numbers back into words, one way each (the comparable, spoken form of "$400", "21st",
 * "2026"): the inverse of numbers.ts for what the formatter writes.
 */
import { TEENS, TENS, UNITS } from './numbers.ts';

const SCALES: [number, string][] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];

/** 2026 -> "two thousand and twenty six"; 105 -> "one hundred and five". */
export function spellNumber(value: number): string[] {
  if (value === 0) return ['zero'];
  const words: string[] = [];
  let rest = value;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      words.push(...spellBelowThousand(Math.floor(rest / size)), name);
      rest %= size;
    }
  }
  if (rest > 0) {
    if (words.length > 0 && rest < 100) words.push('and');
    words.push(...spellBelowThousand(rest));
  }
  return words;
}

function spellBelowThousand(value: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  if (hundreds > 0) words.push(UNITS[hundreds]!, 'hundred');
  if (rest > 0) {
    if (hundreds > 0) words.push('and');
    words.push(...spellBelowHundred(rest));
  }
  return words;
}

export function spellBelowHundred(value: number): string[] {
  if (value < 10) return [UNITS[value]!];
  if (value < 20) return [TEENS[value - 10]!];
  const tens = TENS[Math.floor(value / 10)]!;
  return value % 10 === 0 ? [tens] : [tens, UNITS[value % 10]!];
}

const ORDINALS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** 21 -> "twenty first". */
export function spellOrdinal(value: number): string[] {
  const words = spellNumber(value);
  const last = words.at(-1)!;
  const ordinal = ORDINALS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words.slice(0, -1), ordinal];
}

/** Years as people say them: 1990 -> "nineteen ninety", 1905 -> "nineteen oh five", 2026 -> "twenty twenty six"; 2000-2009 in full. */
export function spellYear(value: number): string[] {
  const high = Math.floor(value / 100);
  const low = value % 100;
  if (value >= 2000 && value <= 2009) return spellNumber(value);
  if (low === 0) return [...spellBelowHundred(high), 'hundred'];
  if (low < 10) return [...spellBelowHundred(high), 'oh', UNITS[low]!];
  return [...spellBelowHundred(high), ...spellBelowHundred(low)];
}
