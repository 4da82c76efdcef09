/**
 * Words that come with their own capitals. The recogniser's dictionary is lower case, so a
 * recognised word with a capital is one the person taught Voxpad, given back as they write it
 * ("Zarvokin", "McAllister", "iPhone"; ADR 0040). Their spelling wins over the casing source,
 * and a spelling with a small first letter and a capital after it keeps its small letter even
 * where a sentence starts ("iPhone sales", "eBay").
 */

/** The recognised word's own spelling, or undefined when it is lower case (every stock word). */
export function ownCasing(recognised: string): string | undefined {
  return recognised === recognised.toLowerCase() ? undefined : recognised;
}

/** Whether a sentence's first word is written as it is rather than capitalised ("iPhone"). */
export function keepsSmallFirstLetter(text: string): boolean {
  return /^\p{Ll}[\p{L}\p{M}'’.-]*\p{Lu}/u.test(text);
}
