/**
 * Spelt-out numbers as the recogniser gives them ("four", "hundred", "twenty-one", "first")
 * read into values. One grammar serves the formatter (words -> "$400") and the comparable
 * form (spoken-forms.ts), so both group the same words into the same number.
 */

export const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
export const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
export const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_UNITS = [
  '',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
];
const ORDINAL_TEENS = [
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];
const ORDINAL_TENS = [
  '',
  '',
  'twentieth',
  'thirtieth',
  'fortieth',
  'fiftieth',
  'sixtieth',
  'seventieth',
  'eightieth',
  'ninetieth',
];
const SCALES: Record<string, number> = { thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };

type Piece =
  | { kind: 'small'; value: number; ordinal: boolean }
  | { kind: 'tens'; value: number; ordinal: boolean }
  | { kind: 'hundred'; ordinal: boolean }
  | { kind: 'scale'; value: number; ordinal: boolean };

const PIECES = new Map<string, Piece>();
UNITS.forEach((w, v) => PIECES.set(w, { kind: 'small', value: v, ordinal: false }));
TEENS.forEach((w, v) => PIECES.set(w, { kind: 'small', value: v + 10, ordinal: false }));
TENS.forEach((w, v) => w && PIECES.set(w, { kind: 'tens', value: v * 10, ordinal: false }));
ORDINAL_UNITS.forEach((w, v) => w && PIECES.set(w, { kind: 'small', value: v, ordinal: true }));
ORDINAL_TEENS.forEach((w, v) => PIECES.set(w, { kind: 'small', value: v + 10, ordinal: true }));
ORDINAL_TENS.forEach((w, v) => w && PIECES.set(w, { kind: 'tens', value: v * 10, ordinal: true }));
PIECES.set('hundred', { kind: 'hundred', ordinal: false });
PIECES.set('hundredth', { kind: 'hundred', ordinal: true });
for (const [w, v] of Object.entries(SCALES)) {
  PIECES.set(w, { kind: 'scale', value: v, ordinal: false });
  PIECES.set(`${w}th`, { kind: 'scale', value: v, ordinal: true });
}

export interface SpokenNumber {
  value: number;
  /** Index just past the number's last word. */
  end: number;
  ordinal: boolean;
  /** Said as two pairs ("nineteen ninety", "twenty twenty six"): a year. */
  year: boolean;
  /** Digits after "point" ("one point five" -> "5"), when said. */
  decimals?: string;
}

/** The pieces of a word: "twenty-one" is "twenty" then "one"; undefined if not a number word. */
function piecesOf(word: string): Piece[] | undefined {
  const parts = word.split('-');
  const pieces: Piece[] = [];
  for (const part of parts) {
    const piece = PIECES.get(part);
    if (!piece) return undefined;
    pieces.push(piece);
  }
  return pieces;
}

export function isNumberWord(word: string): boolean {
  return piecesOf(word) !== undefined;
}

/**
 * The whole number said from `words[start]`, or undefined when no number starts there. Reads
 * "two thousand and twenty six", "one hundred and five", "twenty-first", "nineteen oh five",
 * "one point five"; stops at a word that cannot continue the number.
 */
export function readNumber(words: readonly string[], start: number): SpokenNumber | undefined {
  const first = piecesOf(words[start] ?? '');
  if (!first || first[0]!.kind === 'hundred' || first[0]!.kind === 'scale') return undefined;
  const plain = readCardinal(words, start);
  if (!plain) return undefined;
  let { value, end, ordinal } = plain;
  let year = false;
  let decimals: string | undefined;
  if (!ordinal && plain.pairable) {
    const second = readPair(words, end);
    if (second) {
      value = value * 100 + second.value;
      end = second.end;
      ordinal = second.ordinal;
      year = true;
    }
  }
  if (!ordinal && !year && words[end] === 'point') {
    let digits = '';
    let i = end + 1;
    for (; i < words.length; i++) {
      const digit = words[i] === 'oh' ? 0 : UNITS.indexOf(words[i]!);
      if (digit < 0) break;
      digits += String(digit);
    }
    if (digits) {
      decimals = digits;
      end = i;
    }
  }
  return { value, end, ordinal, year, ...(decimals === undefined ? {} : { decimals }) };
}

interface Cardinal {
  value: number;
  end: number;
  ordinal: boolean;
  /** Two digits said alone (11-99): may be the first half of a year. */
  pairable: boolean;
}

function readCardinal(words: readonly string[], start: number): Cardinal | undefined {
  let total = 0;
  /** The part below the last scale word (below 1000). */
  let current = 0;
  /** What the last piece was, to know what may follow. */
  let last: 'none' | 'small' | 'tens' | 'hundred' | 'scale' = 'none';
  let lastScale = Number.POSITIVE_INFINITY;
  let ordinal = false;
  let end = start;
  let wordsRead = 0;
  let i = start;
  while (i < words.length && !ordinal) {
    let word = words[i]!;
    let skipAnd = 0;
    if (word === 'and' && (last === 'hundred' || last === 'scale')) {
      const next = piecesOf(words[i + 1] ?? '');
      if (!next || next[0]!.kind === 'hundred' || next[0]!.kind === 'scale') break;
      skipAnd = 1;
      word = words[i + 1]!;
    }
    const pieces = piecesOf(word);
    if (!pieces) break;
    let state: State = { total, current, last, lastScale, ordinal };
    let fits = true;
    for (const piece of pieces) {
      const next = step(state, piece);
      if (!next) {
        fits = false;
        break;
      }
      state = next;
    }
    if (!fits) break;
    ({ total, current, last, lastScale, ordinal } = state);
    i += 1 + skipAnd;
    end = i;
    wordsRead += 1;
  }
  if (end === start) return undefined;
  const value = total + current;
  const pairable = total === 0 && value >= 10 && value <= 99 && last !== 'hundred' && wordsRead <= 2;
  return { value, end, ordinal, pairable };
}

interface State {
  total: number;
  current: number;
  last: 'none' | 'small' | 'tens' | 'hundred' | 'scale';
  lastScale: number;
  ordinal: boolean;
}

function step(state: State, piece: Piece): State | undefined {
  const { total, current, last, lastScale } = state;
  const ordinal = piece.ordinal;
  switch (piece.kind) {
    case 'small':
      // "twenty one", "hundred five", "thousand three"; never "one two" or "twenty eleven".
      if (last === 'small') return undefined;
      if (last === 'tens' && piece.value >= 10) return undefined;
      if (last === 'tens' && piece.value === 0) return undefined;
      if (piece.value === 0 && last !== 'none') return undefined;
      return { total, current: current + piece.value, last: 'small', lastScale, ordinal };
    case 'tens':
      if (last === 'small' || last === 'tens') return undefined;
      return { total, current: current + piece.value, last: 'tens', lastScale, ordinal };
    case 'hundred':
      if (current < 1 || current > 99 || last === 'hundred') return undefined;
      return { total, current: current * 100, last: 'hundred', lastScale, ordinal };
    case 'scale':
      if (current === 0 || piece.value >= lastScale) return undefined;
      return {
        total: total + current * piece.value,
        current: 0,
        last: 'scale',
        lastScale: piece.value,
        ordinal,
      };
  }
}

/** The second half of a year said as pairs: "ninety", "twenty six", "oh five". */
function readPair(words: readonly string[], start: number): Cardinal | undefined {
  if (words[start] === 'oh') {
    const unit = piecesOf(words[start + 1] ?? '');
    const piece = unit?.length === 1 ? unit[0] : undefined;
    if (piece?.kind === 'small' && piece.value >= 1 && piece.value <= 9) {
      return { value: piece.value, end: start + 2, ordinal: piece.ordinal, pairable: false };
    }
    return undefined;
  }
  const pair = readCardinal(words, start);
  if (!pair || pair.value < 10 || pair.value > 99 || !pair.pairable) return undefined;
  return pair;
}

/** "twenty first" -> "21st". */
export function ordinalSuffix(value: number): string {
  const lastTwo = value % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][value % 10] ?? 'th';
}
