/**
 * `npm run bench:wer-live`: word error rate of the incremental live decoder (endpointer cuts, audio fed
 * in 100 ms blocks as a live stream would, one fresh decoder per clip) against our file decode
 * and the bare `pocketsphinx_batch` on the same clips as bench:wer, and how many words the live
 * transcript differs from the file decode by.
 */
import fs from 'node:fs';
import path from 'node:path';

import { UtteranceEndpointer } from '../../apps/server/src/transcription/audio/utterance-endpointer.ts';
import { createPocketsphinxTranscriber } from '../../apps/server/src/transcription/pocketsphinx/engine.ts';
import { resolveModel } from '../../apps/server/src/transcription/pocketsphinx/model.ts';
import { StreamDecoder } from '../../apps/server/src/transcription/pocketsphinx/stream-decoder.ts';
import {
  buildCorpus,
  loadAverage,
  normalise,
  transcribeBatch,
  transcribeOurs,
  wordErrors,
  workDir,
} from './corpus.ts';

const BLOCK = 1600;

function liveWords(pcm: Int16Array): string {
  const decoder = StreamDecoder.open(resolveModel(), { secondPass: process.env.BENCH_SECOND_PASS !== '0' });
  const words: string[] = [];
  let openFrom = -1;
  const endpointer = new UtteranceEndpointer((utterance) => {
    const own = utterance.pcm.subarray(utterance.from - utterance.start);
    decoder.feed(own.subarray(openFrom === utterance.from ? decoder.fed : 0));
    words.push(...decoder.end().map((w) => w.word));
    openFrom = -1;
  });
  try {
    for (let at = 0; at < pcm.length; at += BLOCK) {
      endpointer.push(pcm.subarray(at, at + BLOCK));
      const committed = endpointer.committed();
      if (!committed) continue;
      if (committed.from !== openFrom) openFrom = committed.from;
      decoder.feed(committed.pcm.subarray(decoder.fed));
      decoder.partial();
    }
    endpointer.flush();
  } finally {
    decoder.close();
  }
  return normalise(words.join(' '));
}

const dir = workDir('wer-live');
try {
  const clips = buildCorpus(dir);
  const engine = createPocketsphinxTranscriber({ workers: 1 });
  const total = { words: 0, file: 0, live: 0, batch: 0, differ: 0, liveWords: 0 };
  let liveSeconds = 0;
  let audioSeconds = 0;
  const theirs = transcribeBatch(dir, clips);
  try {
    for (const clip of clips) {
      const id = path.basename(clip.raw, '.raw');
      const file = await transcribeOurs(engine, clip.wav);
      const raw = fs.readFileSync(clip.raw);
      const pcm = new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
      const began = performance.now();
      const live = liveWords(pcm);
      liveSeconds += (performance.now() - began) / 1000;
      audioSeconds += pcm.length / 16000;
      const f = wordErrors(clip.reference, file);
      const l = wordErrors(clip.reference, live);
      const d = wordErrors(file, live);
      total.words += f.words;
      total.file += f.errors;
      total.live += l.errors;
      total.batch += wordErrors(clip.reference, theirs.get(id) ?? '').errors;
      total.differ += d.errors;
      total.liveWords += d.words;
      if (process.env.BENCH_VERBOSE && d.errors > 0)
        console.log(`${id}\n  ref:  ${clip.reference}\n  file: ${file}\n  live: ${live}`);
    }
  } finally {
    await engine.close();
  }
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
  console.log(`load average: ${loadAverage()}`);
  console.log(`${clips.length} clips, ${total.words} reference words`);
  console.log(`WER file decode (upload path):     ${pct(total.file, total.words)}`);
  console.log(`WER live (incremental, this bench): ${pct(total.live, total.words)}`);
  console.log(`WER pocketsphinx_batch:             ${pct(total.batch, total.words)}`);
  console.log(
    `live vs file decode: ${total.differ} words differ of ${total.liveWords} (${pct(total.differ, total.liveWords)})`,
  );
  console.log(`live decoder real-time factor: ${(liveSeconds / audioSeconds).toFixed(3)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
