/**
 * What writing a build's merged language model costs (ADR 0040, session 17): the topic's
 * personal ARPA model (87 training sentences and the vocabulary, as bench:adapt's "after"
 * person), then the two processes language/mix/merged-model.ts runs one after the other, each
 * under /usr/bin/time (wall, CPU, its peak RSS):
 * 1. mix-process.ts: read the stock trie and the personal ARPA, mix, write the ARPA text;
 * 2. sphinx_lm_convert: ARPA to binary trie.
 * The build's extra peak is the larger of the two (the worker process itself holds none of it).
 * `node --import tsx bench/adapt/merged-build-cost.ts [beekeeping] [weight]`; prints the load
 * average.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { convertArgs, mixCommand } from '../../apps/server/src/adaptation/language/mix/merged-model.ts';
import { buildPersonalLanguage } from '../../apps/server/src/adaptation/language/personal-language.ts';
import { resolveModel } from '../../apps/server/src/transcription/pocketsphinx/model.ts';
import { readTopic } from './speech.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const topicName = process.argv[2] ?? 'beekeeping';
const weight = Number(process.argv[3] ?? 0.5);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Timed {
  wallSeconds: number;
  cpuSeconds: number;
  peakRssMiB: number;
}

function timed(program: string, args: readonly string[]): Timed {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', program, ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${program} failed: ${run.stderr.slice(-500)}`);
  const [wall, user, system, maxKb] = run.stderr.trim().split('\n').pop()!.split(' ').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return {
    wallSeconds: wall,
    cpuSeconds: +(user + system).toFixed(2),
    peakRssMiB: +(maxKb / 1024).toFixed(1),
  };
}

console.log(`load average at the start: ${load()}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-merged-cost-'));
try {
  const stock = resolveModel();
  const topic = readTopic(path.join(here, 'topics', `${topicName}.txt`));
  const language = await buildPersonalLanguage(
    [...topic.sentences.slice(0, -10), ...topic.vocabulary],
    stock.dict,
    work,
  );
  const arpa = path.join(work, 'merged.arpa');
  const out = path.join(work, 'merged.lm.bin');
  const mixStep = mixCommand(
    { stockLm: stock.lm, personalLm: language.languageModel, personalWeight: weight },
    arpa,
  );
  const mix = timed(mixStep.program, mixStep.args);
  console.log(
    `mix-process (read, mix, write ${(fs.statSync(arpa).size / 1e6).toFixed(1)} MB of ARPA):`,
    JSON.stringify(mix),
  );
  const convert = timed('sphinx_lm_convert', convertArgs(arpa, out));
  console.log(`sphinx_lm_convert (${(fs.statSync(out).size / 1e6).toFixed(1)} MB):`, JSON.stringify(convert));
  console.log(
    `total: ${(mix.wallSeconds + convert.wallSeconds).toFixed(1)} s wall, ${(mix.cpuSeconds + convert.cpuSeconds).toFixed(1)} s CPU, peak ${Math.max(mix.peakRssMiB, convert.peakRssMiB).toFixed(0)} MiB (one process at a time)`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`load average at the end: ${load()}`);
