/**
 * What counts as a word of a transcript, for its word count and its title: a run of
 * non-space characters holding at least one letter or digit. A dash or an ellipsis standing
 * alone is no word; "don't", "3.5" and "e-mail" are one each.
 */
const WORD = /[\p{L}\p{N}]/u;

export function transcriptWords(text: string | null): string[] {
  return (text ?? '').split(/\s+/).filter((token) => WORD.test(token));
}

export function countWords(text: string | null): number {
  return transcriptWords(text).length;
}
