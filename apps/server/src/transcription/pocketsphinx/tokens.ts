/**
 * Turns pocketsphinx's segment labels into words a person would write.
 * Besides words, the segmentation contains sentence markers (`<s>`, `</s>`),
 * silence (`<sil>`), noise fillers (`[NOISE]`, `++BREATH++`) and marks
 * alternate pronunciations with a numeric suffix (`read(2)`).
 */
const FILLER = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;
const PRONUNCIATION_VARIANT = /\(\d+\)$/;

/** The spoken word, or null for anything that is not speech. */
export function spokenWord(label: string): string | null {
  const word = label.trim();
  if (word === '' || FILLER.test(word)) return null;
  return word.replace(PRONUNCIATION_VARIANT, '') || null;
}
