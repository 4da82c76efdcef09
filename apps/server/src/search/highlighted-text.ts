import type { HighlightedText, HighlightRange } from '@voxpad/shared/search';

/**
 * The engines mark matches with two private-use characters (they cannot clash with HTML
 * and never occur in speech); here they become plain text plus [start, end) ranges.
 */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

export function fromMarked(marked: string): HighlightedText {
  let text = '';
  const highlights: HighlightRange[] = [];
  let start = -1;
  let from = 0;
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i];
    if (ch !== MARK_START && ch !== MARK_END) continue;
    text += marked.slice(from, i);
    from = i + 1;
    if (ch === MARK_START) start = text.length;
    else if (start >= 0) {
      if (text.length > start) highlights.push([start, text.length]);
      start = -1;
    }
  }
  text += marked.slice(from);
  return { text, highlights };
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Folds case and accents the way the unicode61 tokenizer and PostgreSQL's unaccent-free parser see words. */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Ranges of the words in `text` that start with `prefix` (the word being typed). */
export function prefixRanges(text: string, prefix: string | undefined): HighlightRange[] {
  if (!prefix) return [];
  const folded = foldWord(prefix);
  const ranges: HighlightRange[] = [];
  for (const match of text.matchAll(WORD)) {
    if (foldWord(match[0]).startsWith(folded)) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/** Sorted, with overlapping or touching ranges merged. */
export function mergeRanges(...lists: HighlightRange[][]): HighlightRange[] {
  const all = lists.flat().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: HighlightRange[] = [];
  for (const [start, end] of all) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

const ELLIPSIS = '…';

/**
 * About `length` characters of `text` around its first highlight (or from its start),
 * cut at word boundaries, with "…" where text was left out and ranges shifted to match.
 */
export function excerpt(full: HighlightedText, length = 200): HighlightedText {
  const { text, highlights } = full;
  if (text.length <= length) return full;
  const first = highlights[0];
  let start = first ? Math.max(0, first[0] - Math.floor(length / 3)) : 0;
  let end = Math.min(text.length, start + length);
  if (end === text.length) start = Math.max(0, end - length);
  // Move inwards to whitespace so no word is cut in half.
  if (start > 0 && !/\s/.test(text[start - 1]!)) {
    const space = /\s+/.exec(text.slice(start, first ? first[0] : end));
    if (space) start += space.index + space[0].length;
  }
  if (end < text.length) {
    const from = first ? Math.max(first[1], start) : start;
    const space = /\s+\S*$/.exec(text.slice(from, end));
    if (space) end = from + space.index;
  }
  const lead = start > 0 ? ELLIPSIS : '';
  const tail = end < text.length ? ELLIPSIS : '';
  const shift = lead.length - start;
  return {
    text: lead + text.slice(start, end) + tail,
    highlights: highlights
      .filter(([s, e]) => s >= start && e <= end)
      .map(([s, e]) => [s + shift, e + shift] as HighlightRange),
  };
}
