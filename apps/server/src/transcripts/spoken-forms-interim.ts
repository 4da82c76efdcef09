/**
 * INTERIM, until the formatter's own `spokenForms` (transcripts/formatting/) lands: readable
 * text back into the lower-case words a recogniser says ("$400" -> "four hundred dollars",
 * "Monday," -> "monday", "12 %" -> "twelve percent"). It covers whole numbers, money and
 * percentages, which is what search and edit alignment need to find a formatted word by its
 * spoken form; the lead swaps in the formatter's version at merge.
 */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
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
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];
/** Beyond this a digit string is read digit by digit (a phone or account number). */
const LARGEST_SPOKEN = 999_999_999_999;

/** Lower-case, no accents, letters, digits and apostrophes only. */
function plain(token: string): string {
  return token
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']/gu, '')
    .replace(/^'+|'+$/g, '');
}

function underThousand(n: number): string[] {
  const words: string[] = [];
  if (n >= 100) {
    words.push(ONES[Math.floor(n / 100)]!, 'hundred');
    n %= 100;
  }
  if (n >= 20) {
    words.push(TENS[Math.floor(n / 10)]!);
    n %= 10;
    if (n > 0) words.push(ONES[n]!);
  } else if (n > 0 || words.length === 0) {
    words.push(ONES[n]!);
  }
  return words;
}

export function numberWords(n: number): string[] {
  if (n === 0) return ['zero'];
  const words: string[] = [];
  for (const [size, name] of SCALES) {
    if (n >= size) {
      words.push(...underThousand(Math.floor(n / size)), name);
      n %= size;
    }
  }
  if (n > 0) words.push(...underThousand(n));
  return words;
}

function digitsWords(digits: string): string[] {
  const n = Number(digits);
  if (digits.length > 1 && digits.startsWith('0')) return [...digits].map((d) => ONES[Number(d)]!);
  if (n > LARGEST_SPOKEN) return [...digits].map((d) => ONES[Number(d)]!);
  return numberWords(n);
}

/** One token of readable text (no spaces) as the words that say it. */
function tokenWords(token: string): string[] {
  const money = /^\$(\d[\d,]*)$/.exec(token.replace(/[.,;:!?)"']+$/, ''));
  if (money) return [...digitsWords(money[1]!.replaceAll(',', '')), 'dollars'];
  const percent = /^(\d[\d,]*)%$/.exec(token.replace(/[.,;:!?)"']+$/, ''));
  if (percent) return [...digitsWords(percent[1]!.replaceAll(',', '')), 'percent'];
  if (token === '%') return ['percent'];
  const word = plain(token);
  if (word === '') return [];
  const number = /^\d[\d,]*$/.exec(word.replaceAll(',', ''));
  if (number) return digitsWords(word);
  return [word];
}

/** The spoken words of readable text, in order. */
export function spokenForms(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).flatMap(tokenWords);
}
