/**
 * One decoder-cost.ts measurement in its own process: `<mode> <topic> <workDir>`. Modes: stock;
 * dictionary (personal dictionary, no personal LM); personal (as the engine opens a person's
 * decoder from a build without a merged model: the stock and personal LMs interpolated at run time
 * by a model set); personal-unigram (the same with an order-1 personal LM); personal-replaced (the
 * way the engine opened it before: on the stock LM, whose search the combined model then
 * replaced); merged (as it opens a build with merged.lm.bin: the two LMs mixed at WEIGHT into one
 * model at build time, opened with -lm). The merged model is made beforehand by the mode
 * merge-only in a process of its own (decoder-cost.ts runs it first), so the memory the mix used
 * is not reused by the decoder measured here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildMergedModel } from '../../apps/server/src/adaptation/language/mix/merged-model.ts';
import { buildPersonalLanguage } from '../../apps/server/src/adaptation/language/personal-language.ts';
import { openNative, PocketsphinxDecoder } from '../../apps/server/src/transcription/pocketsphinx/decoder.ts';
import { loadAdaptationNative } from '../../apps/server/src/transcription/pocketsphinx/language-model-set.ts';
import { resolveModel } from '../../apps/server/src/transcription/pocketsphinx/model.ts';
import { wordErrorRate, wordErrors } from '../../apps/server/src/transcription/word-errors.ts';
import { dictionaryWords } from '../../apps/server/src/adaptation/words.ts';
import { readTopic, speak } from './speech.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const [mode, topicName, work] = process.argv.slice(2) as [string, string, string];
const topic = readTopic(path.join(here, 'topics', `${topicName}.txt`));
const stock = resolveModel();
const WEIGHT = 0.5;
const rssMiB = () => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return Number(kb?.[1] ?? 0) / 1024;
};

const dir = path.join(work, mode);
fs.mkdirSync(dir, { recursive: true });
const references = topic.sentences.slice(-10);
const clips = references.map((text, i) => {
  const wav = speak('flite:slt', text, path.join(dir, `${i}.wav`));
  return new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
});
const train = topic.sentences.slice(0, -10);
const order = mode === 'personal-unigram' ? 1 : 3;
const prepared = path.join(work, 'merge-only');
const language =
  mode === 'merged'
    ? {
        dictionary: path.join(prepared, 'personal.dict'),
        languageModel: path.join(prepared, 'personal.arpa'),
      }
    : await buildPersonalLanguage([...train, ...topic.vocabulary], stock.dict, dir, order);
const mergedLm = path.join(prepared, 'merged.lm.bin');
if (mode === 'merge-only') {
  await buildMergedModel({
    stockLm: stock.lm,
    personalLm: language.languageModel,
    personalWeight: WEIGHT,
    out: mergedLm,
    workDir: dir,
  });
  console.log(JSON.stringify({ transcripts: [] }));
  process.exit(0);
}

type Decode = (pcm: Int16Array) => Promise<string>;

/** The former way (before this change): opened on the stock LM, then its search replaced. */
function openReplaced(): { decode: Decode; close: () => void } {
  const { native, config, decoder } = openNative({ ...stock, dict: language.dictionary });
  const extra = loadAdaptationNative();
  const stockLm = extra.getLanguageModel(decoder, '_default');
  const personal = extra.readLanguageModel(config, language.languageModel, native.ps_get_logmath(decoder));
  if (!stockLm || !personal) throw new Error('LM not read');
  const set = extra.interpolate(config, [stockLm, personal], ['stock', 'personal'], [1 - WEIGHT, WEIGHT]);
  extra.freeLanguageModel(personal);
  if (!set || extra.setLanguageModel(decoder, '_default', set) < 0) throw new Error('set_lm failed');
  extra.freeLanguageModel(set);
  if (extra.setSearch(decoder, '_default') < 0) throw new Error('set_search failed');
  return {
    decode: async (pcm) => {
      native.ps_start_stream(decoder);
      native.ps_start_utt(decoder);
      await native.ps_process_raw_async(decoder, pcm, pcm.length, 0, 1);
      native.ps_end_utt(decoder);
      return extra.hypothesis(decoder);
    },
    close: () => {
      native.ps_free(decoder);
      native.cmd_ln_free_r(config);
    },
  };
}

function openEngine(): { decode: Decode; close: () => void } {
  const decoder =
    mode === 'stock'
      ? PocketsphinxDecoder.open(stock)
      : PocketsphinxDecoder.openPersonal(stock, {
          buildId: 'cost',
          hmm: stock.hmm,
          dict: language.dictionary,
          ...(mode === 'dictionary'
            ? {}
            : mode === 'merged'
              ? { mergedLm }
              : { personalLm: { path: language.languageModel, weight: WEIGHT } }),
        });
  return {
    decode: async (pcm) => (await decoder.decode(pcm)).map((w) => w.word).join(' '),
    close: () => decoder.close(),
  };
}

const before = rssMiB();
let started = performance.now();
const decoder = mode === 'personal-replaced' ? openReplaced() : openEngine();
const openSeconds = (performance.now() - started) / 1000;
const opened = rssMiB();
started = performance.now();
// CPU time of the whole process (the decode runs on koffi's thread): less swayed by other work on
// a shared machine than wall time, which also counts the time the process waited for a core.
const cpuBefore = process.cpuUsage();
const transcripts: string[] = [];
for (const pcm of clips) transcripts.push(await decoder.decode(pcm));
const decodeSeconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const decodeCpuSeconds = (cpu.user + cpu.system) / 1e6;
const wer = wordErrorRate(
  transcripts.map((text, i) => wordErrors(dictionaryWords(references[i]!), dictionaryWords(text))),
);
const decoded = rssMiB();
decoder.close();
console.log(
  JSON.stringify({
    openSeconds: +openSeconds.toFixed(2),
    decodeSeconds: +decodeSeconds.toFixed(2),
    decodeCpuSeconds: +decodeCpuSeconds.toFixed(2),
    openMiB: +(opened - before).toFixed(1),
    afterDecodeMiB: +(decoded - before).toFixed(1),
    wer: +wer.toFixed(4),
    transcripts,
  }),
);
