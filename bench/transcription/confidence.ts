/**
 * `npm run bench:confidence`: how sure pocketsphinx is of the words it gets right and of the
 * ones it gets wrong, on the WER corpus (corpus.ts). Each recognised word is lined up with the
 * reference (word-level edit distance) and counted right or wrong; the table shows, for each
 * candidate threshold, how many wrong words a review would visit ("caught") and how many right
 * ones it would ask about in vain. ADR 0037 picks the review's "uncertain" threshold from it.
 */
import fs from 'node:fs';

import { decodeSpeech } from '../../apps/server/src/transcription/audio/decode-speech.ts';
import { createPocketsphinxTranscriber } from '../../apps/server/src/transcription/pocketsphinx/engine.ts';
import { buildCorpus, loadAverage, normalise, workDir } from './corpus.ts';

interface Scored {
  word: string;
  confidence: number;
  right: boolean;
}

/** Marks each hypothesis word right (matched the reference word) or wrong (substituted or inserted). */
function score(reference: string[], hypothesis: { word: string; confidence: number }[]): Scored[] {
  const n = reference.length;
  const m = hypothesis.length;
  const cost: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = reference[i - 1] === hypothesis[j - 1]!.word ? 0 : 1;
      cost[i]![j] = Math.min(cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1, cost[i - 1]![j - 1]! + same);
    }
  }
  const right = new Array<boolean>(m).fill(false);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const same = reference[i - 1] === hypothesis[j - 1]!.word;
    if (cost[i]![j] === cost[i - 1]![j - 1]! + (same ? 0 : 1)) {
      right[j - 1] = same;
      i--;
      j--;
    } else if (cost[i]![j] === cost[i]![j - 1]! + 1) j--;
    else i--;
  }
  return hypothesis.map((h, k) => ({ ...h, right: right[k]! }));
}

const groups = (process.env.BENCH_GROUPS ?? 'flite-slt,flite-rms,flite-awb,librivox,cards,goforward').split(
  ',',
);
const dir = workDir('confidence');
try {
  const clips = buildCorpus(dir).filter((clip) => groups.includes(clip.group));
  const engine = createPocketsphinxTranscriber({ workers: Number(process.env.BENCH_WORKERS ?? 1) });
  const scored: (Scored & { group: string })[] = [];
  try {
    for (const clip of clips) {
      const speech = await decodeSpeech(new Uint8Array(fs.readFileSync(clip.wav)), {
        maxDurationSeconds: 4 * 3600,
        normalise: true,
      });
      const transcript = await engine.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks });
      const words = transcript.segments
        .flatMap((segment) => segment.words)
        .map((w) => ({ word: normalise(w.word), confidence: w.confidence }))
        .filter((w) => w.word !== '');
      for (const s of score(clip.reference.split(' ').filter(Boolean), words)) {
        scored.push({ ...s, group: clip.group });
      }
    }
  } finally {
    await engine.close();
  }
  const right = scored.filter((s) => s.right);
  const wrong = scored.filter((s) => !s.right);
  const quantile = (xs: number[], q: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  };
  console.log(`load average: ${loadAverage()}; groups: ${groups.join(', ')}`);
  console.log(`words: ${scored.length}, right ${right.length}, wrong ${wrong.length}`);
  for (const [name, set] of [
    ['right', right],
    ['wrong', wrong],
  ] as const) {
    const c = set.map((s) => s.confidence);
    console.log(
      `${name}: p10 ${quantile(c, 0.1).toFixed(3)} p25 ${quantile(c, 0.25).toFixed(3)} median ${quantile(c, 0.5).toFixed(3)} p75 ${quantile(c, 0.75).toFixed(3)}`,
    );
  }
  console.log('threshold  caught wrong  asked in vain  precision  flagged/100 words');
  for (const t of [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]) {
    const caught = wrong.filter((s) => s.confidence < t).length;
    const vain = right.filter((s) => s.confidence < t).length;
    const flagged = caught + vain;
    console.log(
      `${t.toFixed(2).padStart(9)}  ${`${caught}/${wrong.length}`.padStart(12)}  ${`${vain}/${right.length}`.padStart(13)}  ${(flagged ? (100 * caught) / flagged : 0).toFixed(0).padStart(8)}%  ${((100 * flagged) / scored.length).toFixed(1).padStart(17)}`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
