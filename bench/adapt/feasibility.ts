/**
 * Feasibility of issue 21 on this machine: adapting pocketsphinx to one speaker (MLLR, MAP) and to
 * one person's words (personal dictionary + personal language model interpolated with the stock
 * one), measured on held-out sentences of the same synthetic voice.
 *
 *   npm run bench:adapt-feasibility            (flite voice awb)
 *   ADAPT_VOICE=slt npm run bench:adapt-feasibility
 *   ADAPT_LM_WEIGHT=0.3 ...                    (weight of the personal LM, default 0.5)
 *
 * Prints WER before/after, the person's new words recognised, decode time and peak memory of each
 * configuration (each decoded in its own process) as ratios to the stock model in the same run,
 * the adaptation's own time, and the load average.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { adaptSpeaker } from '../../apps/server/src/adaptation/acoustic/adapt-speaker.ts';
import { prepareTrainableModel } from '../../apps/server/src/adaptation/acoustic/trainable-model.ts';
import type { PersonalModel } from '../../apps/server/src/adaptation/decoding/personal-decoder.ts';
import { buildPersonalLanguage } from '../../apps/server/src/adaptation/language/personal-language.ts';
import { dictionaryWords } from '../../apps/server/src/adaptation/words.ts';
import { loadAverage, normalise, wordErrors } from '../transcription/corpus.ts';
import { HELD_OUT, TUNING } from './corpus.ts';
import type { DecodeJob, DecodeResult } from './decode-child.ts';

const STOCK = '/usr/share/pocketsphinx/model/en-us';
const here = path.dirname(fileURLToPath(import.meta.url));
const voice = process.env.ADAPT_VOICE ?? 'awb';
const weight = Number(process.env.ADAPT_LM_WEIGHT ?? '0.5');

const overlap = TUNING.filter((sentence) => HELD_OUT.includes(sentence));
if (overlap.length > 0) throw new Error(`Tuning and held-out sentences overlap: ${overlap.join(' | ')}`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-adapt-'));
console.log(`Adaptation feasibility, flite voice ${voice}, work dir ${work}`);
console.log(`load average before: ${loadAverage()} (${os.cpus().length} cores)`);

function synthesise(
  prefix: string,
  sentences: readonly string[],
): Array<{ id: string; wav: string; text: string }> {
  return sentences.map((text, index) => {
    const id = `${prefix}${String(index).padStart(3, '0')}`;
    const raw = path.join(work, `${id}.flite.wav`);
    const wav = path.join(work, `${id}.wav`);
    execFileSync('flite', ['-voice', voice, '-t', text, '-o', raw]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav]);
    return { id, wav, text };
  });
}

const seconds = (clips: ReadonlyArray<{ wav: string }>): number =>
  clips.reduce((total, clip) => total + (fs.statSync(clip.wav).size - 44) / 32000, 0);

const tuning = synthesise('tune', TUNING);
const heldOut = synthesise('held', HELD_OUT);
console.log(
  `tuning: ${tuning.length} sentences, ${seconds(tuning).toFixed(0)} s; held out: ${heldOut.length} sentences, ${seconds(heldOut).toFixed(0)} s`,
);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

console.log('Building (each step once):');
const trainable = await timed(
  'trainable copy of the stock model (mixture_weights from sendump, text mdef)',
  () => prepareTrainableModel(path.join(STOCK, 'en-us'), path.join(work, 'trainable')),
);
const language = await timed('personal dictionary + 3-gram LM from the tuning text', () =>
  buildPersonalLanguage(TUNING, path.join(STOCK, 'cmudict-en-us.dict'), work),
);
const speaker = await timed('speaker adaptation (sphinx_fe, bw, mllr_solve, map_adapt)', () =>
  adaptSpeaker({
    model: trainable,
    dictionary: language.dictionary,
    recordings: tuning.map((clip) => ({ id: clip.id, wavPath: clip.wav, transcript: clip.text })),
    workDir: path.join(work, 'speaker'),
  }),
);
console.log(
  `  ${speaker.aligned}/${tuning.length} recordings aligned; ${language.newWords.length} new words (${language.newWords.map((entry) => entry.word).join(', ')}); LM n-grams ${language.ngrams.join('/')}`,
);

// A model directory with the recovered mixture_weights and no sendump: decodes exactly like stock
// if the recovery is right.
const recovered = path.join(work, 'recovered');
fs.mkdirSync(recovered);
for (const file of [
  'means',
  'variances',
  'transition_matrices',
  'feat.params',
  'noisedict',
  'mixture_weights',
]) {
  fs.copyFileSync(path.join(trainable.dir, file), path.join(recovered, file));
}
fs.copyFileSync(path.join(STOCK, 'en-us', 'mdef'), path.join(recovered, 'mdef'));

const stockLm = path.join(STOCK, 'en-us.lm.bin');
const stockDict = path.join(STOCK, 'cmudict-en-us.dict');
const personalLm = { path: language.languageModel, weight };
const configurations: Array<{ name: string; model: PersonalModel }> = [
  { name: 'stock', model: { hmm: path.join(STOCK, 'en-us'), lm: stockLm, dict: stockDict } },
  { name: 'stock, weights from sendump', model: { hmm: recovered, lm: stockLm, dict: stockDict } },
  {
    name: 'MLLR',
    model: { hmm: path.join(STOCK, 'en-us'), mllr: speaker.mllrFile, lm: stockLm, dict: stockDict },
  },
  { name: 'MAP', model: { hmm: speaker.mapModelDir, lm: stockLm, dict: stockDict } },
  {
    name: `personal dict + LM (w ${weight})`,
    model: { hmm: path.join(STOCK, 'en-us'), lm: stockLm, dict: language.dictionary, personalLm },
  },
  {
    name: `MAP + personal dict + LM`,
    model: { hmm: speaker.mapModelDir, lm: stockLm, dict: language.dictionary, personalLm },
  },
  // The stock model again: how far decode times drift within this run on a shared machine.
  {
    name: 'stock (again, timing noise)',
    model: { hmm: path.join(STOCK, 'en-us'), lm: stockLm, dict: stockDict },
  },
];

const newWords = new Set(language.newWords.map((entry) => entry.word));
const vocabularyTotal = HELD_OUT.flatMap(dictionaryWords).filter((word) => newWords.has(word)).length;

console.log(`\nDecoding ${heldOut.length} held-out sentences per configuration (one process each):`);
console.log(
  `${'configuration'.padEnd(34)} ${'WER'.padStart(7)} ${'rel.'.padStart(7)} ${'new words'.padStart(10)} ${'RTF'.padStart(6)} ${'time x'.padStart(7)} ${'load s'.padStart(7)} ${'peak MB'.padStart(8)} ${'mem x'.padStart(6)}`,
);
let baseline: { wer: number; decodeMs: number; peakRssMb: number } | undefined;
for (const { name, model } of configurations) {
  const job: DecodeJob = { model, clips: heldOut.map(({ id, wav }) => ({ id, wav })) };
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'decode-child.ts'), JSON.stringify(job)],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as DecodeResult;
  let errors = 0;
  let words = 0;
  let vocabularyHits = 0;
  for (const clip of heldOut) {
    const hypothesis = normalise(result.hypotheses[clip.id] ?? '');
    const counted = wordErrors(normalise(clip.text), hypothesis);
    errors += counted.errors;
    words += counted.words;
    const said = hypothesis.split(' ');
    for (const word of dictionaryWords(clip.text).filter((candidate) => newWords.has(candidate))) {
      const at = said.indexOf(word);
      if (at >= 0) {
        vocabularyHits++;
        said.splice(at, 1);
      }
    }
  }
  const wer = errors / words;
  baseline ??= { wer, decodeMs: result.decodeMs, peakRssMb: result.peakRssMb };
  const relative = baseline.wer > 0 ? (wer - baseline.wer) / baseline.wer : 0;
  console.log(
    `${name.padEnd(34)} ${`${(100 * wer).toFixed(1)}%`.padStart(7)} ${`${(100 * relative).toFixed(0)}%`.padStart(7)} ${`${vocabularyHits}/${vocabularyTotal}`.padStart(10)} ${(result.decodeMs / 1000 / result.audioSeconds).toFixed(2).padStart(6)} ${(result.decodeMs / baseline.decodeMs).toFixed(2).padStart(7)} ${(result.openMs / 1000).toFixed(1).padStart(7)} ${result.peakRssMb.toFixed(0).padStart(8)} ${(result.peakRssMb / baseline.peakRssMb).toFixed(2).padStart(6)}`,
  );
}
console.log(`load average after: ${loadAverage()}`);
fs.rmSync(work, { recursive: true, force: true });
