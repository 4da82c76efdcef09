/**
 * Numbers, times, money, percentages and ordinals as people write them, found in the
 * recognised words: "four hundred dollars" -> "$400", "nine thirty" after "at" -> "9:30",
 * "three p m" -> "3 p.m.", "twelve percent" -> "12 %", "twenty first" -> "21st",
 * "two thousand and twenty six" -> "2026", "one point five" -> "1.5".
 *
 * Whole numbers from zero to nine said alone stay words ("one of them", "the first page"), as
 * style guides write them; with a unit (money, percent, a time, a decimal) or beside a month
 * ("the third of may") they become figures.
 */
import { isNumberWord, ordinalSuffix, readNumber, type SpokenNumber } from './numbers.ts';
import { MONTHS } from './vocabulary.ts';

export interface WrittenForm {
  start: number;
  /** Index just past the last word it stands for. */
  end: number;
  text: string;
}

const TIME_CONTEXT = new Set(['at', 'by', 'until', 'till', 'around', 'from', 'before', 'after']);
const CURRENCIES: Record<string, string> = {
  dollars: '$',
  dollar: '$',
  bucks: '$',
  euros: '€',
  euro: '€',
  pounds: '£',
};

/** "a m", "am", "a.m." after an hour; the span length and its written form. */
function meridiem(words: readonly string[], i: number): { length: number; text: string } | undefined {
  const word = words[i];
  if (word === 'a.m.' || word === 'p.m.') return { length: 1, text: word };
  if (word === 'pm') return { length: 1, text: 'p.m.' };
  if ((word === 'a' || word === 'p') && words[i + 1] === 'm') return { length: 2, text: `${word}.m.` };
  return undefined;
}

function hourAt(words: readonly string[], i: number): number | undefined {
  // The hour alone: "eleven thirty" would otherwise read as the year 1130.
  const n = readNumber([words[i]!], 0);
  if (!n || n.end !== 1 || n.ordinal || n.value < 1 || n.value > 12) return undefined;
  return n.value;
}

function timeAt(words: readonly string[], i: number): WrittenForm | undefined {
  const hour = hourAt(words, i);
  if (hour === undefined) return undefined;
  let end = i + 1;
  let clock: string | undefined;
  if (words[end] === "o'clock") {
    clock = `${hour}:00`;
    end += 1;
  } else if (TIME_CONTEXT.has(words[i - 1] ?? '') || meridiemAfterMinutes(words, end)) {
    const minutes = minutesAt(words, end);
    if (minutes) {
      clock = `${hour}:${String(minutes.value).padStart(2, '0')}`;
      end = minutes.end;
    }
  }
  const suffix = meridiem(words, end);
  if (suffix) {
    return { start: i, end: end + suffix.length, text: `${clock ?? hour} ${suffix.text}` };
  }
  return clock === undefined ? undefined : { start: i, end, text: clock };
}

function minutesAt(words: readonly string[], i: number): { value: number; end: number } | undefined {
  if (words[i] === 'oh') {
    const n = readNumber(words, i + 1);
    if (n && n.end === i + 2 && !n.ordinal && n.value >= 1 && n.value <= 9)
      return { value: n.value, end: n.end };
    return undefined;
  }
  const n = readNumber(words, i);
  if (!n || n.ordinal || n.year || n.decimals !== undefined || n.value < 10 || n.value > 59) return undefined;
  return { value: n.value, end: n.end };
}

function meridiemAfterMinutes(words: readonly string[], i: number): boolean {
  const minutes = minutesAt(words, i);
  return minutes !== undefined && meridiem(words, minutes.end) !== undefined;
}

function figures(n: SpokenNumber): string {
  const whole = n.year || n.value < 10_000 ? String(n.value) : n.value.toLocaleString('en-US');
  return n.decimals === undefined ? whole : `${whole}.${n.decimals}`;
}

function isMonth(word: string | undefined): boolean {
  return word !== undefined && MONTHS.includes(word);
}

function numberForm(words: readonly string[], i: number): WrittenForm | undefined {
  const n = readNumber(words, i);
  if (!n) return undefined;
  const after = words[n.end];
  const currency = after === undefined ? undefined : CURRENCIES[after];
  if (currency && !n.ordinal) {
    const cents = after !== 'bucks' && words[n.end + 1] === 'and' ? readNumber(words, n.end + 2) : undefined;
    if (cents && !cents.ordinal && cents.value < 100 && ['cents', 'cent'].includes(words[cents.end] ?? '')) {
      const text = `${currency}${figures(n)}.${String(cents.value).padStart(2, '0')}`;
      return { start: i, end: cents.end + 1, text };
    }
    return { start: i, end: n.end + 1, text: `${currency}${figures(n)}` };
  }
  if (after === 'percent' && !n.ordinal) return { start: i, end: n.end + 1, text: `${figures(n)} %` };
  if (n.ordinal) {
    const nearMonth = isMonth(words[i - 1]) || (words[n.end] === 'of' && isMonth(words[n.end + 1]));
    if (n.value < 10 && !nearMonth) return undefined;
    return { start: i, end: n.end, text: `${n.value}${ordinalSuffix(n.value)}` };
  }
  if (n.value < 10 && n.decimals === undefined && n.end === i + 1) return undefined;
  return { start: i, end: n.end, text: figures(n) };
}

/** The written forms found in `words`, in order, none overlapping. */
export function findWrittenForms(words: readonly string[]): WrittenForm[] {
  const forms: WrittenForm[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!isNumberWord(words[i]!)) continue;
    const form = timeAt(words, i) ?? numberForm(words, i);
    if (form) {
      forms.push(form);
      i = form.end - 1;
    } else {
      // A small number left as words: skip the rest of it so "twenty" in "one twenty" is not read alone.
      const n = readNumber(words, i);
      if (n) i = n.end - 1;
    }
  }
  return forms;
}
