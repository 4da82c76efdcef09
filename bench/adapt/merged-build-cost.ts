/**
 * What writing a build's merged language model costs (ADR 0040, session 17), in a fresh process:
 * the topic's personal ARPA model (87 training sentences and the vocabulary, as bench:adapt's
 * "after" person), then the two steps of language/mix/merged-model.ts, each measured:
 * 1. in this process: read the stock trie, read the personal ARPA, mix, write the ARPA text: wall
 *    and CPU time, and the peak RSS above what the process held before (VmHWM);
 * 2. sphinx_lm_convert, ARPA to binary trie, under /usr/bin/time: wall, CPU and its own peak RSS.
 * `node --import tsx bench/adapt/merged-build-cost.ts [beekeeping] [weight]`; prints the load average.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { convertArgs, writeMergedArpa } from '../../apps/server/src/adaptation/language/mix/merged-model.ts';
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
const status = (field: string): number => {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return Number(kb?.[1] ?? 0) / 1024;
};
const cpuSeconds = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

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

  const rssBefore = status('VmRSS');
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const ngrams = await writeMergedArpa(
    { stockLm: stock.lm, personalLm: language.languageModel, personalWeight: weight, out, workDir: work },
    arpa,
  );
  const mix = {
    wallSeconds: +((performance.now() - started) / 1000).toFixed(2),
    cpuSeconds: +(cpuSeconds() - cpuBefore).toFixed(2),
    peakRssAboveMiB: +(status('VmHWM') - rssBefore).toFixed(1),
    arpaMB: +(fs.statSync(arpa).size / 1e6).toFixed(1),
    ngrams,
  };
  console.log(
    `read, mix, write ARPA (in process, rss before ${rssBefore.toFixed(0)} MiB):`,
    JSON.stringify(mix),
  );

  const run = spawnSync(
    '/usr/bin/time',
    ['-f', '%e %U %S %M', 'sphinx_lm_convert', ...convertArgs(arpa, out)],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`sphinx_lm_convert failed: ${run.stderr.slice(-500)}`);
  const [wall, user, system, maxKb] = run.stderr.trim().split('\n').pop()!.split(' ').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const convert = {
    wallSeconds: wall,
    cpuSeconds: +(user + system).toFixed(2),
    peakRssMiB: +(maxKb / 1024).toFixed(1),
    binMB: +(fs.statSync(out).size / 1e6).toFixed(1),
  };
  console.log('sphinx_lm_convert (its own process):', JSON.stringify(convert));
  console.log(
    `total: ${(mix.wallSeconds + convert.wallSeconds).toFixed(1)} s wall, ${(mix.cpuSeconds + convert.cpuSeconds).toFixed(1)} s CPU`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`load average at the end: ${load()}`);
