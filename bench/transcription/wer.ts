/**
 * `npm run bench:wer`: word error rate of our pipeline against the bare `pocketsphinx_batch`
 * on the same 16 kHz files (pocketsphinx-testdata: librivox, cards, goforward; flite
 * sentences in the slt, rms and awb voices). Ours must be no worse overall.
 */
import fs from 'node:fs';
import path from 'node:path';

import { createPocketsphinxTranscriber } from '../../apps/server/src/transcription/pocketsphinx/engine.ts';
import { buildCorpus, loadAverage, transcribeBatch, transcribeOurs, wordErrors, workDir } from './corpus.ts';

const dir = workDir('wer');
try {
  const clips = buildCorpus(dir);
  const engine = createPocketsphinxTranscriber({ workers: Number(process.env.BENCH_WORKERS ?? 2) });
  const ours = new Map<string, string>();
  try {
    for (const clip of clips)
      ours.set(path.basename(clip.raw, '.raw'), await transcribeOurs(engine, clip.wav));
  } finally {
    await engine.close();
  }
  const theirs = transcribeBatch(dir, clips);

  const groups = new Map<string, { words: number; ours: number; theirs: number; clips: number }>();
  const total = { words: 0, ours: 0, theirs: 0, clips: 0 };
  for (const clip of clips) {
    const id = path.basename(clip.raw, '.raw');
    const a = wordErrors(clip.reference, ours.get(id) ?? '');
    const b = wordErrors(clip.reference, theirs.get(id) ?? '');
    if (!groups.has(clip.group)) groups.set(clip.group, { words: 0, ours: 0, theirs: 0, clips: 0 });
    for (const bucket of [total, groups.get(clip.group)!]) {
      bucket.words += a.words;
      bucket.ours += a.errors;
      bucket.theirs += b.errors;
      bucket.clips += 1;
    }
    if (process.env.BENCH_VERBOSE && a.errors !== b.errors) {
      console.log(
        `${id}\n  ref:    ${clip.reference}\n  ours:   ${ours.get(id)}\n  theirs: ${theirs.get(id)}`,
      );
    }
  }
  const pct = (errors: number, words: number) => `${((100 * errors) / words).toFixed(1)}%`.padStart(7);
  console.log(`load average: ${loadAverage()}`);
  console.log('group         clips  words   ours  pocketsphinx_batch  ratio');
  for (const [name, g] of [...groups, ['TOTAL', total] as const]) {
    const ratio = g.theirs === 0 ? (g.ours === 0 ? 1 : Infinity) : g.ours / g.theirs;
    console.log(
      `${name.padEnd(13)} ${String(g.clips).padStart(5)} ${String(g.words).padStart(6)} ${pct(g.ours, g.words)} ${pct(g.theirs, g.words).padStart(19)}  ${ratio.toFixed(2)}`,
    );
  }
  const ok = total.ours <= total.theirs;
  console.log(
    ok ? 'PASS: ours is no worse than the bare engine' : 'FAIL: ours is worse than the bare engine',
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
