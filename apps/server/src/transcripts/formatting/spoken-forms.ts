/**
 * Readable text back into words as they are said, for search by either form, for lining an
 * edited text up with its timed words, and for word error rates that do not count formatting:
 *
 *   spokenForms("It costs $400, at 9:30.")  -> "it costs four hundred dollars at nine thirty"
 *   comparableWords(...)                     -> the same, with every number in one spelling
 *
 * spokenForms writes each figure the way people usually say it ("2026" -> "twenty twenty six",
 * "3:00" -> "three o'clock"). Speakers say some numbers more than one way ("two thousand and
 * twenty six"), so comparableWords also rewrites spelt numbers, said or written, into one
 * spelling (by value): two texts that say the same compare equal.
 */
import { readNumber } from './numbers.ts';
import { spellBelowHundred, spellNumber, spellOrdinal, spellYear } from './spell-number.ts';

const CURRENCY_WORDS: Record<string, string> = { $: 'dollars', '€': 'euros', '£': 'pounds' };

/** A figure's words; a bare four-digit figure from 1100 to 2099 reads as a year unless `asAmount`. */
function spellFigure(figure: string, asAmount = false): string[] | undefined {
  const plain = figure.replace(/,(?=\d{3}\b)/g, '');
  const decimal = /^(\d+)\.(\d+)$/.exec(plain);
  if (decimal) {
    const digits = [...decimal[2]!].map((d) => spellNumber(Number(d))[0]!);
    return [...spellNumber(Number(decimal[1])), 'point', ...digits];
  }
  if (!/^\d+$/.test(plain)) return undefined;
  const value = Number(plain);
  if (!asAmount && !figure.includes(',') && plain.length === 4 && value >= 1100 && value <= 2099)
    return spellYear(value);
  return spellNumber(value);
}

function spellToken(token: string): string[] {
  const money = /^([$€£])([\d,]+(?:\.\d+)?)$/.exec(token);
  if (money) {
    const unit = CURRENCY_WORDS[money[1]!]!;
    const [whole, cents] = money[2]!.split('.');
    const words = [...(spellFigure(whole!, true) ?? []), unit];
    if (cents !== undefined && cents.length === 2) {
      const value = Number(cents);
      return value === 0
        ? words
        : [...words, 'and', ...spellBelowHundred(value), value === 1 ? 'cent' : 'cents'];
    }
    return cents === undefined ? words : [...(spellFigure(money[2]!, true) ?? []), unit];
  }
  const percent = /^([\d,.]+)%$/.exec(token);
  if (percent) return [...(spellFigure(percent[1]!, true) ?? [percent[1]!]), 'percent'];
  if (token === '%') return ['percent'];
  const time = /^(\d{1,2}):(\d{2})$/.exec(token);
  if (time) {
    const hour = spellNumber(Number(time[1]));
    const minutes = Number(time[2]);
    if (minutes === 0) return [...hour, "o'clock"];
    return minutes < 10
      ? [...hour, 'oh', ...spellBelowHundred(minutes)]
      : [...hour, ...spellBelowHundred(minutes)];
  }
  const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(token);
  if (ordinal) return spellOrdinal(Number(ordinal[1]));
  if (token === 'a.m.' || token === 'am.' || token === 'p.m.' || token === 'pm.') return [token[0]!, 'm'];
  return spellFigure(token) ?? [token];
}

/** The words of readable text as said, lower case, without punctuation. */
export function spokenForms(text: string): string {
  const tokens = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/\s+/)
    .map((raw) => {
      // Keep the dots of "a.m." and "p.m.", a figure's inner dot and comma, and inner apostrophes.
      const stem = raw.replace(/^[("'“‘[]+/, '');
      return /^[ap]\.m\b/.test(stem) ? `${stem.slice(0, 3)}.` : stem.replace(/[)"'”’\]!?;:,.]+$/, '');
    })
    .filter((token) => token !== '');
  const words: string[] = [];
  tokens.forEach((token, i) => {
    // "12 %", as the formatter writes it, is an amount: never a year.
    const spelt = tokens[i + 1] === '%' ? (spellFigure(token, true) ?? [token]) : spellToken(token);
    for (const word of spelt) words.push(...word.split(/[^\p{L}\p{N}'.]+/u).filter(Boolean));
  });
  return words.join(' ');
}

/** spokenForms with every number in one spelling and recogniser variants ("pm", "twenty-one") unified. */
export function comparableWords(text: string): string[] {
  const words = spokenForms(text)
    .split(' ')
    .filter(Boolean)
    .flatMap((w) => (w === 'pm' ? ['p', 'm'] : w.replace(/\./g, ' ').split(/[\s-]+/)))
    .filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const n = readNumber(words, i);
    if (!n) {
      out.push(words[i]!);
      i += 1;
      continue;
    }
    const spelt = n.ordinal ? spellOrdinal(n.value) : spellNumber(n.value);
    out.push(...spelt);
    if (n.decimals !== undefined)
      out.push('point', ...[...n.decimals].map((d) => spellNumber(Number(d))[0]!));
    i = n.end;
  }
  return out;
}

/** spokenForms as a list of words ("$400" -> ["four", "hundred", "dollars"]). */
export function spokenWords(text: string): string[] {
  return spokenForms(text).split(' ').filter(Boolean);
}
