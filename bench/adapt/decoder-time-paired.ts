/**
 * Decode time of a person's decoders against stock, paired (issue 21, goal 1.1x): the stock
 * decoder, one with only the personal dictionary, one on the run-time model set (builds before
 * session 17) and one on the merged model are all opened in this one process, and each of the
 * topic's 10 held-out clips is decoded by each in turn, the order rotating, for several rounds.
 * A change of load then hits every decoder alike within seconds, which decoder-cost.ts's one
 * process per decoder cannot promise; memory is decoder-cost.ts's job. Each decode's CPU time is
 * the process's (nothing else runs in it meanwhile).
 * `node --import tsx bench/adapt/decoder-time-paired.ts [beekeeping] [rounds]`; prints the load
 * average.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildMergedModel } from '../../apps/server/src/adaptation/language/mix/merged-model.ts';
import { buildPersonalLanguage } from '../../apps/server/src/adaptation/language/personal-language.ts';
import { PocketsphinxDecoder } from '../../apps/server/src/transcription/pocketsphinx/decoder.ts';
import { resolveModel } from '../../apps/server/src/transcription/pocketsphinx/model.ts';
import { readTopic, speak } from './speech.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const topicName = process.argv[2] ?? 'beekeeping';
const rounds = Number(process.argv[3] ?? 3);
const WEIGHT = 0.5;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-decoder-paired-'));
try {
  const stock = resolveModel();
  const topic = readTopic(path.join(here, 'topics', `${topicName}.txt`));
  const clips = topic.sentences.slice(-10).map((text, i) => {
    const wav = speak('flite:slt', text, path.join(work, `${i}.wav`));
    return new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
  });
  const language = await buildPersonalLanguage(
    [...topic.sentences.slice(0, -10), ...topic.vocabulary],
    stock.dict,
    work,
  );
  const mergedLm = path.join(work, 'merged.lm.bin');
  await buildMergedModel({
    stockLm: stock.lm,
    personalLm: language.languageModel,
    personalWeight: WEIGHT,
    out: mergedLm,
    workDir: work,
  });
  const personal = { buildId: 'paired', hmm: stock.hmm, dict: language.dictionary };
  const decoders: Array<[string, PocketsphinxDecoder]> = [
    ['stock', PocketsphinxDecoder.open(stock)],
    ['dictionary', PocketsphinxDecoder.openPersonal(stock, personal)],
    [
      'personal (set)',
      PocketsphinxDecoder.openPersonal(stock, {
        ...personal,
        personalLm: { path: language.languageModel, weight: WEIGHT },
      }),
    ],
    ['merged', PocketsphinxDecoder.openPersonal(stock, { ...personal, mergedLm })],
  ];
  console.log(`load average at the start: ${load()}`);
  const cpu = new Map<string, number[]>(decoders.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const roundCpu = new Map<string, number>(decoders.map(([name]) => [name, 0]));
    for (const [i, pcm] of clips.entries()) {
      for (let k = 0; k < decoders.length; k++) {
        const [name, decoder] = decoders[(i + round + k) % decoders.length]!;
        const before = process.cpuUsage();
        await decoder.decode(pcm);
        const used = process.cpuUsage(before);
        roundCpu.set(name, roundCpu.get(name)! + (used.user + used.system) / 1e6);
      }
    }
    for (const [name, seconds] of roundCpu) cpu.get(name)!.push(seconds);
    console.log(
      `round ${round + 1}: ${[...roundCpu].map(([name, s]) => `${name} ${s.toFixed(2)} s`).join(', ')} (load ${load()})`,
    );
  }
  const total = (name: string) => cpu.get(name)!.reduce((a, b) => a + b, 0);
  for (const [name] of decoders) {
    const perRound = cpu.get(name)!.map((s, r) => s / cpu.get('stock')![r]!);
    console.log(
      `${name.padEnd(16)} ${total(name).toFixed(2)} s CPU for ${rounds} x 10 clips: ${(total(name) / total('stock')).toFixed(3)}x stock (rounds ${perRound.map((x) => x.toFixed(3)).join(', ')})`,
    );
  }
  for (const [, decoder] of decoders) decoder.close();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`load average at the end: ${load()}`);
