/**
 * Words as the recogniser's dictionary spells them: lower case, letters and apostrophes, and "_"
 * inside a vocabulary phrase's one dictionary word ("sao_paulo", ADR 0036/0040).
 */
export function dictionaryWords(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{M}'_ ]+/gu, ' ')
    .split(' ')
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}
