import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { buildCorpus } from './corpus.ts';

/** `seconds` of speech: the bench corpus, clip after clip with 0.7 s pauses, repeated. */
export function speechOfLength(dir: string, seconds: number): string {
  const clips = buildCorpus(dir);
  const gap = path.join(dir, 'gap.wav');
  // -R: sox dithers the silence it makes to 16 bits; repeatable, every run gets the same pauses
  // (10 minutes made twice, each with its own dither, gave 1,465 and 1,457 words).
  execFileSync('sox', ['-R', '-n', '-r', '16000', '-c', '1', '-b', '16', gap, 'trim', '0', '0.7']);
  const parts: string[] = [];
  let total = 0;
  while (total < seconds) {
    for (const clip of clips) {
      parts.push(clip.wav, gap);
      total += fs.statSync(clip.wav).size / 32000 + 0.7;
      if (total >= seconds) break;
    }
  }
  const out = path.join(dir, `speech-${seconds}.wav`);
  execFileSync('sox', [...parts, out, 'trim', '0', String(seconds)]);
  return out;
}
