/**
 * `npm run bench:adapt` (issue 21): what a person's adaptation gains, through the product's own
 * API and workers. Per voice and topic: a fresh person transcribes 10 held-out notes (before);
 * a "vocabulary only" person adds the topic's words and builds; an adapted person adds the words,
 * uploads the other sentences as notes, corrects each transcript to the reference, builds, and
 * transcribes the same held-out notes (after). Method and figures: bench/adapt/README.md.
 * BENCH_ADAPT_VOICES=flite:awb,espeak:en-us+m3 and BENCH_ADAPT_TOPICS=beekeeping narrow a run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_ENV } from '../support/browser.ts';
import { startChild } from '../support/child-server.ts';
import { normalise, wordErrors } from '../transcription/corpus.ts';
import { Person, type Transcribed } from './product-client.ts';
import { readTopic, speak, wavSeconds, type Topic } from './speech.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const HELD_OUT = 10;
const VOICES = (
  process.env.BENCH_ADAPT_VOICES ?? 'flite:awb,flite:slt,flite:rms,flite:kal,espeak:en-us+m3'
).split(',');
const TOPICS = (process.env.BENCH_ADAPT_TOPICS ?? 'beekeeping,clinic').split(',');

/** RSS of a process and all its descendants (the transcription workers), in bytes. */
function treeRss(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const visit = (pid: number) => {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += kb ? Number(kb[1]) * 1024 : 0;
    } catch {
      // gone meanwhile
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return total;
}

function sampleTree(pid: number): () => number {
  let peak = treeRss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 200);
  return () => {
    clearInterval(timer);
    return Math.max(peak, treeRss(pid));
  };
}

interface Score {
  wer: number;
  vocabularyHeard: number;
  vocabularyOccurrences: number;
  decodeSeconds: number;
  peakRssMiB: number;
}

function score(topic: Topic, references: string[], results: Transcribed[], peak: number): Score {
  let errors = 0;
  let words = 0;
  let heard = 0;
  let occurrences = 0;
  const vocabulary = topic.vocabulary.map((word) => normalise(word));
  results.forEach((result, i) => {
    const reference = normalise(references[i]!);
    const hypothesis = normalise(result.transcript);
    const counted = wordErrors(reference, hypothesis);
    errors += counted.errors;
    words += counted.words;
    const refWords = reference.split(' ');
    const hypWords = hypothesis.split(' ');
    for (const word of vocabulary) {
      const inRef = refWords.filter((w) => w === word).length;
      occurrences += inRef;
      heard += Math.min(inRef, hypWords.filter((w) => w === word).length);
    }
  });
  return {
    wer: errors / words,
    vocabularyHeard: heard,
    vocabularyOccurrences: occurrences,
    decodeSeconds: results.reduce((sum, r) => sum + r.seconds, 0),
    peakRssMiB: peak / 1024 / 1024,
  };
}

async function heldOut(person: Person, pid: number, topic: Topic, refs: string[], wavs: Buffer[]) {
  const stop = sampleTree(pid);
  const results = await person.transcribeAll(wavs);
  return score(topic, refs, results, stop());
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`load average at the start: ${load()} (${os.availableParallelism()} cores)`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-adapt-'));
const audioDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-adapt-audio-'));
const app = await startChild('serve-app.ts', { ...BENCH_ENV, ROLE: 'all', DATA_DIR: dataDir });
const rows: string[][] = [];
/** Per voice and topic: what the goals of issue 21 are judged on. */
const figures: Array<{ voice: string; before: Score; vocab: Score; after: Score }> = [];
let run = 0;
try {
  for (const topicName of TOPICS) {
    const topic = readTopic(path.join(here, 'topics', `${topicName}.txt`));
    const train = topic.sentences.slice(0, -HELD_OUT);
    const test = topic.sentences.slice(-HELD_OUT);
    for (const voice of VOICES) {
      run += 1;
      const say = (text: string, i: number, kind: string) =>
        speak(voice, text, path.join(audioDir, `${run}-${kind}-${i}.wav`));
      let trainWavs: Buffer[];
      try {
        trainWavs = train.map((text, i) => say(text, i, 'train'));
      } catch (error) {
        console.log(`${voice}: cannot speak (${String(error).split('\n')[0]}), skipped`);
        continue;
      }
      const testWavs = test.map((text, i) => say(text, i, 'test'));
      const trainMinutes = trainWavs.reduce((sum, wav) => sum + wavSeconds(wav), 0) / 60;
      console.log(
        `${voice} / ${topic.name}: ${train.length} notes (${trainMinutes.toFixed(1)} min) to learn from`,
      );

      const fresh = await Person.signUp(app.url, `before${run}`);
      const before = await heldOut(fresh, app.pid, topic, test, testWavs);

      const vocabOnly = await Person.signUp(app.url, `vocab${run}`);
      for (const word of topic.vocabulary) await vocabOnly.addWord(word);
      await vocabOnly.buildAdaptation();
      const vocab = await heldOut(vocabOnly, app.pid, topic, test, testWavs);

      const adapted = await Person.signUp(app.url, `after${run}`);
      for (const word of topic.vocabulary) await adapted.addWord(word);
      const notes = await adapted.transcribeAll(trainWavs);
      for (const [i, note] of notes.entries()) await adapted.correct(note.id, train[i]!);
      const buildStarted = performance.now();
      const state = await adapted.buildAdaptation();
      const buildSeconds = (performance.now() - buildStarted) / 1000;
      const after = await heldOut(adapted, app.pid, topic, test, testWavs);
      const acoustic = state.acoustic_model as { ready: boolean; seconds: number };
      const gain = state.gain as { wer_before: number; wer_after: number; notes: number } | null;
      console.log(
        `  built in ${buildSeconds.toFixed(0)} s (with its gain measured); voice model ${acoustic.ready ? `on ${acoustic.seconds.toFixed(0)} s` : 'not built'}; ` +
          (gain
            ? `gain on ${gain.notes} held-out training notes: WER ${(gain.wer_before * 100).toFixed(1)}% -> ${(gain.wer_after * 100).toFixed(1)}%`
            : 'no gain measured'),
      );
      figures.push({ voice, before, vocab, after });
      const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
      rows.push([
        voice,
        topic.name,
        trainMinutes.toFixed(1),
        pct(before.wer),
        pct(vocab.wer),
        pct(after.wer),
        `${before.vocabularyHeard}/${before.vocabularyOccurrences}`,
        `${vocab.vocabularyHeard}/${vocab.vocabularyOccurrences}`,
        `${after.vocabularyHeard}/${after.vocabularyOccurrences}`,
        (after.decodeSeconds / before.decodeSeconds).toFixed(2),
        `${before.peakRssMiB.toFixed(0)}/${after.peakRssMiB.toFixed(0)}`,
        acoustic.ready ? 'yes' : 'no',
      ]);
    }
  }
} finally {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(audioDir, { recursive: true, force: true });
}

const header = [
  'voice',
  'topic',
  'learnt min',
  'WER before',
  'WER vocab only',
  'WER after',
  'vocab heard before',
  'vocab only',
  'after',
  'decode time after/before',
  'peak RSS MiB before/after',
  'voice model',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of rows) console.log(line(row));
const drop = (from: Score, to: Score) => 1 - to.wer / from.wer;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const share = (n: number) => `${(n * 100).toFixed(0)}%`;
if (figures.length > 0) {
  const espeak = figures.filter((f) => f.voice.startsWith('espeak:'));
  const heard = figures.reduce((n, f) => n + f.after.vocabularyHeard, 0);
  const occurrences = figures.reduce((n, f) => n + f.after.vocabularyOccurrences, 0);
  const ratios = (pick: (s: Score) => number) =>
    figures.map((f) => (pick(f.after) / pick(f.before)).toFixed(2));
  console.log(
    `relative WER drop, mean over ${figures.length}: after ${share(mean(figures.map((f) => drop(f.before, f.after))))} ` +
      `(goal 30%), vocabulary only ${share(mean(figures.map((f) => drop(f.before, f.vocab))))}; ` +
      `espeak-ng: ${espeak.map((f) => share(drop(f.before, f.after))).join(', ') || 'not run'} (goal 50%)`,
  );
  console.log(
    `vocabulary words heard after: ${heard}/${occurrences} = ${share(heard / Math.max(1, occurrences))} (goal 80%)`,
  );
  console.log(
    `decode time after/before: ${ratios((s) => s.decodeSeconds).join(', ')}; ` +
      `peak RSS after/before: ${ratios((s) => s.peakRssMiB).join(', ')} (goal <= 1.1)`,
  );
}
console.log(`load average at the end: ${load()}`);
