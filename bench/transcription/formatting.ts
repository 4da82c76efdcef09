/**
 * `npm run bench:format`: how readable the formatter makes pocketsphinx's words.
 *
 * Reference notes (formatting-sentences.ts: a tuning set and a held-out set the rules were
 * never tuned on) are read aloud by flite in three voices (slt, rms, awb),
 * decoded by our real pipeline (corpus.ts: decode, cut, pocketsphinx), and formatted
 * (apps/server/src/transcripts/formatting/). Printed for each set and voice:
 *   - cased accuracy: 1 - WER over whitespace tokens with case and punctuation attached
 *     ("Monday," is one token), BEFORE (the raw recognised words) and AFTER formatting;
 *   - sentence-boundary precision, recall and F1 (goal >= 0.8), boundaries placed in the
 *     reference through a word alignment; the end of each note is not counted;
 *   - plain WER on comparable words (comparableWords: "$400" and "four hundred dollars" are
 *     the same words) before and after formatting: must be equal, or formatting lost words.
 * The real-speech set (formatting-real-speech.ts: five LibriVox clips of one reader, joined) is
 * a GUARD, not a tuning set: no rule is chosen to fit it. It checks that rules tuned on flite,
 * which pauses almost only at punctuation, do not end sentences where a person paused inside
 * one. Printed: sentence ends right / placed, precision, and each spurious end in context.
 * Also the casing word list's load time and heap, and the load average.
 *
 * Rerun: npm run bench:format            (about 2 minutes on 2 cores)
 *        BENCH_VERBOSE=1 npm run bench:format   prints each note's reference and output
 *        BENCH_VERBOSE=timing                   also each word's duration and confidence
 *        BENCH_VERBOSE=errors                   only the notes with a sentence boundary wrong,
 *                                               each missed and spurious boundary in context
 *        BENCH_WORDS=/tmp/words.json            keeps the decoded words of each note (by set,
 *                                               voice and text) in that file and reads them
 *                                               back on the next run: changing a rule then
 *                                               costs no speech synthesis or decoding (tuning
 *                                               notes only: held-out words are never kept)
 *        BENCH_WORKERS=1                        decoding threads (default 2)
 *        BENCH_SETS=tuning                      only the tuning set (while changing rules: the
 *                                               held-out set is run rarely and every run reported;
 *                                               default tuning,held-out,real)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { decodeSpeech } from '../../apps/server/src/transcription/audio/decode-speech.ts';
import { createPocketsphinxTranscriber } from '../../apps/server/src/transcription/pocketsphinx/engine.ts';
import type { TranscriptWord } from '../../apps/server/src/transcription/transcriber.ts';
import { loadCasingSource } from '../../apps/server/src/transcripts/formatting/casing.ts';
import { formatWords, readableText } from '../../apps/server/src/transcripts/formatting/format-transcript.ts';
import { comparableWords } from '../../apps/server/src/transcripts/formatting/spoken-forms.ts';
import { loadAverage, workDir } from './corpus.ts';
import { HELD_OUT_NOTES, TUNING_NOTES, type ReferenceNote } from './formatting-sentences.ts';
import {
  decodeRealSpeech,
  hasRealSpeech,
  realSpeechClipEnds,
  scoreRealSpeech,
  type RealSpeechScore,
} from './formatting-real-speech.ts';
import { boundaryContext, emptyTally, score, type Tally } from './formatting-score.ts';

/**
 * espeak-ng is not used: pocketsphinx misheard 79-82 % of its words in a first run of this
 * bench (speech.md found the same), which leaves nothing to format.
 */
const VOICES = ['flite-slt', 'flite-rms', 'flite-awb'] as const;
type Voice = (typeof VOICES)[number];

function speak(voice: Voice, text: string, file: string): void {
  execFileSync('flite', ['-voice', voice.slice('flite-'.length), '-t', text, '-o', file]);
}

// The word list, measured on its own before anything else fills the heap.
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const loadStart = performance.now();
const casing = loadCasingSource();
casing.properForm('monday');
casing.properForm('london');
const loadMs = performance.now() - loadStart;
globalThis.gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

const dir = workDir('format');
const wordsFile = process.env.BENCH_WORDS;
const decoded: Record<string, TranscriptWord[]> =
  wordsFile && fs.existsSync(wordsFile)
    ? (JSON.parse(fs.readFileSync(wordsFile, 'utf8')) as Record<string, TranscriptWord[]>)
    : {};
const engine = createPocketsphinxTranscriber({ workers: Number(process.env.BENCH_WORKERS ?? 2) });
const rows: { set: string; voice: string; tally: Tally }[] = [];
let formatMs = 0;
let formattedWords = 0;
let referenceMismatches = 0;
let realSpeech: RealSpeechScore | undefined;
try {
  const sets = (process.env.BENCH_SETS ?? 'tuning,held-out,real').split(',');
  for (const [set, notes] of [
    ['tuning', TUNING_NOTES],
    ['held-out', HELD_OUT_NOTES],
  ] as const) {
    if (!sets.includes(set)) continue;
    for (const voice of VOICES) {
      const tally = emptyTally();
      for (const [n, note] of (notes as readonly ReferenceNote[]).entries()) {
        const written = note.map((x) => x.written);
        const said = note.map((x) => x.said ?? x.written).join(' ');
        if (comparableWords(written.join(' ')).join(' ') !== comparableWords(said).join(' ')) {
          referenceMismatches++;
          console.log(`reference written and said differ: ${written.join(' ')} | ${said}`);
        }
        const key = `${set}/${voice}/${said}`;
        // Held-out words are never kept: rules are not to be tried on them.
        const keep = set === 'tuning';
        let words = keep ? decoded[key] : undefined;
        if (!words) {
          const wav = path.join(dir, `${set}-${voice}-${n}.wav`);
          speak(voice, said, wav);
          const speech = await decodeSpeech(new Uint8Array(fs.readFileSync(wav)), {
            maxDurationSeconds: 600,
            normalise: true,
          });
          const transcript = await engine.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks });
          words = transcript.segments.flatMap((segment) => segment.words);
          if (keep) decoded[key] = words;
        }
        const started = performance.now();
        const formatted = readableText(formatWords(words, { casing }));
        formatMs += performance.now() - started;
        formattedWords += words.length;
        const raw = words.map((w) => w.word).join(' ');
        const errors = score(tally, written, raw, formatted);
        const wrong = errors.missed.length + errors.spurious.length > 0;
        if (process.env.BENCH_VERBOSE && (process.env.BENCH_VERBOSE !== 'errors' || wrong)) {
          const gaps = words
            .map(
              (w, i) =>
                `${w.word}[${((words[i + 1]?.start ?? w.end) - w.end).toFixed(2)}${process.env.BENCH_VERBOSE === 'timing' ? ` ${(w.end - w.start).toFixed(2)}s ${w.confidence.toFixed(2)}` : ''}]`,
            )
            .join(' ');
          console.log(
            `${set} ${voice} ${n}\n  ref: ${written.join(' ')}\n  out: ${formatted}\n  raw: ${gaps}`,
          );
          for (const at of errors.missed) console.log(`  missed:   ${boundaryContext(written, at)}`);
          for (const at of errors.spurious) console.log(`  spurious: ${boundaryContext(written, at)}`);
        }
      }
      rows.push({ set, voice, tally });
    }
  }
  if (sets.includes('real') && hasRealSpeech()) {
    // Decoded on every run, never kept in BENCH_WORDS: a guard is not for trying rules on.
    const words = await decodeRealSpeech(engine, dir);
    const formatted = formatWords(words, { casing });
    realSpeech = scoreRealSpeech(formatted, realSpeechClipEnds());
    if (process.env.BENCH_VERBOSE) console.log(`real speech\n  out: ${readableText(formatted)}`);
  } else if (sets.includes('real')) {
    console.log('real-speech set skipped: pocketsphinx-testdata (librivox) is not installed');
  }
} finally {
  if (wordsFile) fs.writeFileSync(wordsFile, JSON.stringify(decoded));
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
const f1Of = (t: Tally) => {
  const precision = t.predicted === 0 ? 0 : t.truePositives / t.predicted;
  const recall = t.actual === 0 ? 0 : t.truePositives / t.actual;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
};
const add = (a: Tally, b: Tally): Tally => {
  const out = emptyTally();
  for (const key of Object.keys(out) as (keyof Tally)[]) out[key] = a[key] + b[key];
  return out;
};

console.log(`load average: ${loadAverage()}`);
console.log(
  `casing word list: first use ${loadMs.toFixed(0)} ms, heap ${heapMb.toFixed(1)} MB${globalThis.gc ? '' : ' (run node with --expose-gc for a steady figure)'}`,
);
console.log(
  `formatting: ${((1000 * formatMs) / Math.max(1, formattedWords)).toFixed(1)} µs a word over ${formattedWords} words`,
);
console.log(`reference notes whose written and said forms differ in words: ${referenceMismatches}`);
console.log(
  'set       voice       tokens  cased acc before  after   boundary P     R    F1   words  plain WER before  after',
);
let ok = referenceMismatches === 0;
for (const set of ['tuning', 'held-out']) {
  if (!rows.some((r) => r.set === set)) continue;
  const setRows = rows.filter((r) => r.set === set);
  const flite = setRows
    .filter((r) => r.voice.startsWith('flite'))
    .reduce((a, r) => add(a, r.tally), emptyTally());
  for (const { voice, tally } of [...setRows, { voice: 'ALL flite', tally: flite }]) {
    const { precision, recall, f1 } = f1Of(tally);
    console.log(
      `${set.padEnd(9)} ${voice.padEnd(11)} ${String(tally.tokens).padStart(6)} ${pct(1 - tally.before / tally.tokens).padStart(17)} ${pct(1 - tally.after / tally.tokens)} ${precision.toFixed(2).padStart(13)} ${recall.toFixed(2).padStart(5)} ${f1.toFixed(2).padStart(5)} ${String(tally.words).padStart(7)} ${pct(tally.plainBefore / tally.words).padStart(17)} ${pct(tally.plainAfter / tally.words)}`,
    );
    if (tally.plainAfter !== tally.plainBefore) ok = false;
  }
  console.log(
    `${set} sentence ends: ${flite.truePositives} right of ${flite.predicted} placed, ${flite.actual} in the references (F1 ${f1Of(flite).f1.toFixed(3)})`,
  );
  if (f1Of(flite).f1 < 0.8)
    console.log(`NOTE: ${set} sentence-boundary F1 on flite speech is below the 0.8 goal`);
}
if (realSpeech) {
  const { placed, right, actual, spurious } = realSpeech;
  console.log(
    `real speech (guard, LibriVox, one reader): ${right} ends right of ${placed} placed, ${actual} in the book, precision ${placed === 0 ? '-' : (right / placed).toFixed(2)}, spurious ${spurious.length}`,
  );
  for (const context of spurious) console.log(`  spurious: ${context}`);
}
console.log(
  ok
    ? 'PASS: formatting changed no word (plain WER equal)'
    : 'FAIL: formatting changed words (or a reference is inconsistent)',
);
process.exitCode = ok ? 0 : 1;
