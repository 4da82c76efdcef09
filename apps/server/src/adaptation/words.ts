/** Words as the recogniser's dictionary spells them: lower case, letters and apostrophes. */
export function dictionaryWords(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(' ')
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}
