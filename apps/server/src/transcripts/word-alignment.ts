/**
 * Word timings for a transcript a person corrected. The edited words are lined up with the
 * timed words they replace (a word-level diff): a word that is still there keeps its time
 * exactly, and the words that changed or were added share the time between their timed
 * neighbours evenly. So highlighting, click-to-seek, search times and captions stay true
 * to the audio after an edit.
 *
 * A person edits the readable text ("$400", "Monday,"), the engine timed recognised words
 * ("four hundred dollars", "monday"): both sides are compared as spoken forms (ADR 0033). Each
 * typed word becomes the words that say it, the first showing what was typed (`text`) and the
 * others "", each keeping the recognised form as `word`.
 */
import type { TranscriptSegment, TranscriptWord } from '@voxpad/shared/voice-notes';
import { foldWord } from '../search/highlighted-text.ts';
import { segmentText } from './readable-transcript.ts';
import { spokenWords } from './formatting/spoken-forms.ts';

/** Typed words are what the person meant: nothing to mark as possibly misheard. */
const TYPED_CONFIDENCE = 1;

/**
 * Above this many cells (old words × new words, after the common start and end are set
 * aside) the exact table would cost too much memory and time; the diff then splits the
 * text at words both sides have exactly once (patience diff) and solves the pieces.
 */
const MAX_TABLE_CELLS = 4_000_000;

interface TimedWord extends TranscriptWord {
  segment: number;
}

/** One spoken word of the typed text, and whether it starts its typed word. */
interface SaidWord {
  word: string;
  /** What was typed, on the first spoken word of a typed word; "" on the others. */
  text: string;
}

/** Lower-case, no accents, letters and digits only: "Milk," and "milk" are the same word. */
export function normaliseWord(word: string): string {
  return foldWord(word).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The segments for `text` given the segments it replaces. Every word lies within
 * [0, duration] (the recording's length, or the last timed word's end when unknown) and
 * starts no earlier than the word before it.
 */
export function alignTranscript(
  previous: readonly TranscriptSegment[],
  text: string,
  durationSeconds: number | null,
): TranscriptSegment[] {
  const said = saidWords(text);
  if (said.length === 0) return [];
  const timed = spokenUnits(timedWords(previous));
  const lastEnd = timed.reduce((end, word) => Math.max(end, word.end), 0);
  const limit = Math.max(0, durationSeconds ?? lastEnd);
  const matches = matchWords(
    timed.map((word) => normaliseWord(word.word)),
    said.map((word) => normaliseWord(word.word)),
  );

  const words: TimedWord[] = [];
  let next = 0;
  for (let index = 0; index < said.length;) {
    const match = matches[next];
    if (match && match.fresh === index) {
      const old = timed[match.old]!;
      words.push({ ...old, text: said[index]!.text });
      next += 1;
      index += 1;
      continue;
    }
    // A run of changed or added words, up to the next word that kept its time.
    const runEnd = match ? match.fresh : said.length;
    const before = words.at(-1);
    const oldFrom = before ? matches[next - 1]!.old + 1 : 0;
    const oldTo = match ? match.old : timed.length;
    const span = spanOf(timed, oldFrom, oldTo, before, match ? timed[match.old] : undefined, limit);
    const count = runEnd - index;
    const step = (span.end - span.start) / count;
    const segment = before?.segment ?? timed[oldFrom]?.segment ?? timed[oldTo]?.segment ?? 0;
    const at = (seconds: number) => clamp(round(seconds), span.start, span.end);
    for (let k = 0; k < count; k++) {
      words.push({
        ...said[index + k]!,
        start: at(span.start + k * step),
        end: k === count - 1 ? span.end : at(span.start + (k + 1) * step),
        confidence: TYPED_CONFIDENCE,
        segment,
      });
    }
    index = runEnd;
  }
  return toSegments(words, previous);
}

/** The typed text as spoken words; a typed word nothing says ("—") stands as itself. */
function saidWords(text: string): SaidWord[] {
  const said: SaidWord[] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const forms = spokenWords(token);
    if (forms.length === 0) said.push({ word: token, text: token });
    else forms.forEach((word, k) => said.push({ word, text: k === 0 ? token : '' }));
  }
  return said;
}

/**
 * A timed word written as several spoken words (an engine that writes "$400" itself) is
 * compared as those words, each at the written word's time; a recognised word stays as it is.
 */
function spokenUnits(timed: readonly TimedWord[]): TimedWord[] {
  return timed.flatMap((word) => {
    const forms = spokenWords(word.word);
    if (forms.length <= 1) return [word];
    return forms.map((form) => ({ ...word, word: form }));
  });
}

/** The engine's words in speaking order, each with the segment it came from. */
function timedWords(segments: readonly TranscriptSegment[]): TimedWord[] {
  const words: TimedWord[] = [];
  segments.forEach((segment, index) => {
    if (!Array.isArray(segment?.words)) return;
    for (const word of segment.words) {
      if (typeof word?.word !== 'string' || !Number.isFinite(word.start) || !Number.isFinite(word.end))
        continue;
      words.push({ ...word, segment: index });
    }
  });
  // Stable: words of equal start keep their order.
  return words.sort((a, b) => a.start - b.start);
}

/**
 * Where a run of new words goes: between the timed neighbours it sits between, or, at the
 * start or end of the text, over the replaced words (or out to the recording's edge).
 */
function spanOf(
  timed: readonly TimedWord[],
  oldFrom: number,
  oldTo: number,
  before: TimedWord | undefined,
  after: TimedWord | undefined,
  limit: number,
): { start: number; end: number } {
  const replaced = timed.slice(oldFrom, oldTo);
  const end = after ? after.start : (replaced.at(-1)?.end ?? limit);
  // Neighbours the engine heard overlapping leave no gap: the words then start with the next one.
  const start = Math.min(before ? before.end : (replaced[0]?.start ?? 0), end);
  const clampedStart = clamp(start, 0, limit);
  return { start: clampedStart, end: clamp(end, clampedStart, limit) };
}

/** Words go back into the segments they came from; segments left without words are dropped. */
function toSegments(
  words: readonly TimedWord[],
  previous: readonly TranscriptSegment[],
): TranscriptSegment[] {
  const groups = new Map<number, TranscriptWord[]>();
  for (const { segment, ...word } of words) {
    const group = groups.get(segment);
    if (group) group.push(word);
    else groups.set(segment, [word]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, group]) => {
      const old = previous[index];
      const unchanged = old && sameWords(old.words, group);
      return {
        start: unchanged ? old.start : group[0]!.start,
        end: unchanged ? old.end : group.at(-1)!.end,
        text: segmentText(group),
        words: group,
      };
    });
}

function sameWords(a: readonly TranscriptWord[], b: readonly TranscriptWord[]): boolean {
  return (
    a.length === b.length && a.every((word, i) => word.word === b[i]!.word && word.start === b[i]!.start)
  );
}

interface Match {
  old: number;
  fresh: number;
}

/** Pairs of equal words, in order on both sides, as many as possible (longest common subsequence). */
export function matchWords(old: readonly string[], fresh: readonly string[]): Match[] {
  // Numbers compare faster than strings in the table's inner loop.
  const ids = new Map<string, number>();
  const toIds = (words: readonly string[]) =>
    Int32Array.from(words, (word) => {
      if (word === '') return NOTHING;
      let id = ids.get(word);
      if (id === undefined) ids.set(word, (id = ids.size));
      return id;
    });
  const matches: Match[] = [];
  const a = toIds(old);
  const b = toIds(fresh);
  diff(a, b, 0, a.length, 0, b.length, matches);
  return matches.sort((x, y) => x.fresh - y.fresh);
}

/** A token with no letters or digits ("—", "&"): it never matches anything. */
const NOTHING = -1;
const equal = (a: number, b: number): boolean => a !== NOTHING && a === b;
type Words = Int32Array;

function diff(
  old: Words,
  fresh: Words,
  oldLo: number,
  oldHi: number,
  freshLo: number,
  freshHi: number,
  out: Match[],
): void {
  // Edits are usually local: the common start and end need no table.
  while (oldLo < oldHi && freshLo < freshHi && equal(old[oldLo]!, fresh[freshLo]!)) {
    out.push({ old: oldLo++, fresh: freshLo++ });
  }
  while (oldLo < oldHi && freshLo < freshHi && equal(old[oldHi - 1]!, fresh[freshHi - 1]!)) {
    out.push({ old: --oldHi, fresh: --freshHi });
  }
  const rows = oldHi - oldLo;
  const columns = freshHi - freshLo;
  if (rows === 0 || columns === 0) return;
  if (rows * columns <= MAX_TABLE_CELLS) {
    lcsTable(old, fresh, oldLo, oldHi, freshLo, freshHi, out);
    return;
  }
  const anchors = uniqueAnchors(old, fresh, oldLo, oldHi, freshLo, freshHi);
  if (anchors.length === 0) {
    // Nothing to split at: both sides are cut into the same number of slices, taken in
    // order, each small enough for the table. Words are said and typed in the same order,
    // so slices at the same share of the text cover roughly the same speech.
    const slices = Math.ceil(Math.sqrt((rows * columns) / MAX_TABLE_CELLS));
    for (let k = 0; k < slices; k++) {
      diff(
        old,
        fresh,
        oldLo + Math.floor((rows * k) / slices),
        oldLo + Math.floor((rows * (k + 1)) / slices),
        freshLo + Math.floor((columns * k) / slices),
        freshLo + Math.floor((columns * (k + 1)) / slices),
        out,
      );
    }
    return;
  }
  let o = oldLo;
  let f = freshLo;
  for (const anchor of anchors) {
    diff(old, fresh, o, anchor.old, f, anchor.fresh, out);
    out.push(anchor);
    o = anchor.old + 1;
    f = anchor.fresh + 1;
  }
  diff(old, fresh, o, oldHi, f, freshHi, out);
}

/** The classic dynamic programme, read back from the end. */
function lcsTable(
  old: Words,
  fresh: Words,
  oldLo: number,
  oldHi: number,
  freshLo: number,
  freshHi: number,
  out: Match[],
): void {
  const rows = oldHi - oldLo;
  const columns = freshHi - freshLo;
  const width = columns + 1;
  // Lengths never exceed min(rows, columns) ≤ 2,000 here (rows × columns ≤ 4,000,000).
  const table = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = columns - 1; j >= 0; j--) {
      table[i * width + j] = equal(old[oldLo + i]!, fresh[freshLo + j]!)
        ? table[(i + 1) * width + j + 1]! + 1
        : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (equal(old[oldLo + i]!, fresh[freshLo + j]!)) {
      out.push({ old: oldLo + i, fresh: freshLo + j });
      i += 1;
      j += 1;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) {
      i += 1;
    } else {
      j += 1;
    }
  }
}

/** Words found exactly once on each side, kept where their order agrees (longest increasing run). */
function uniqueAnchors(
  old: Words,
  fresh: Words,
  oldLo: number,
  oldHi: number,
  freshLo: number,
  freshHi: number,
): Match[] {
  const count = (words: Words, lo: number, hi: number) => {
    const seen = new Map<number, { n: number; at: number }>();
    for (let i = lo; i < hi; i++) {
      const word = words[i]!;
      if (word === NOTHING) continue;
      const entry = seen.get(word);
      if (entry) entry.n += 1;
      else seen.set(word, { n: 1, at: i });
    }
    return seen;
  };
  const inOld = count(old, oldLo, oldHi);
  const inFresh = count(fresh, freshLo, freshHi);
  const pairs: Match[] = [];
  for (const [word, entry] of inFresh) {
    const other = inOld.get(word);
    if (entry.n === 1 && other?.n === 1) pairs.push({ old: other.at, fresh: entry.at });
  }
  pairs.sort((a, b) => a.fresh - b.fresh);
  return longestIncreasing(pairs);
}

/** Patience sorting: the longest run of pairs whose old positions increase. */
function longestIncreasing(pairs: readonly Match[]): Match[] {
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  pairs.forEach((pair, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pairs[tails[middle]!]!.old < pair.old) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const run: Match[] = [];
  for (let at = tails.at(-1) ?? -1; at !== -1; at = previous[at]!) run.push(pairs[at]!);
  return run.reverse();
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Millisecond precision, like the engine's times; no float noise such as 3.4000000000000004. */
function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
