/**
 * Where a personal decoder's memory and time go (issue 21, goal 1.1x): the RSS each decoder adds
 * when it opens, and the decode time of the topic's 10 held-out clips, for the stock decoder and
 * for personal ones (stock acoustic model, stock dictionary + the topic's words, the topic's ARPA
 * interpolated with the stock LM, or mixed with it into one model; modes in decoder-cost-child.ts),
 * each alone in a fresh process so nothing is shared. Modes alternate so a change of load hits
 * them alike; each mode's mean decode time and open RSS are then given against stock's.
 * `DECODER_COST_MODES=stock,personal,merged,stock,personal,merged node --import tsx
 * bench/adapt/decoder-cost.ts [beekeeping]`; prints the load average.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const topicName = process.argv[2] ?? 'beekeeping';
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`load average at the start: ${load()}`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-decoder-cost-'));
try {
  const run = (mode: string): Record<string, number> & { transcripts: string[] } => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'decoder-cost-child.ts'), mode, topicName, work],
      { encoding: 'utf8' },
    );
    return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number> & { transcripts: string[] };
  };
  // Alternate, so a change of load hits both alike.
  const rows: Array<[string, Record<string, number> & { transcripts: string[] }]> = [];
  const modes = (process.env.DECODER_COST_MODES ?? 'stock,personal,stock,personal').split(',');
  // The merged model is built once, in a process of its own, before any decoder is measured.
  if (modes.includes('merged')) run('merge-only');
  for (const mode of modes) rows.push([mode, run(mode)]);
  const first = new Map<string, unknown>();
  for (const [mode, { transcripts, ...r }] of rows) {
    first.set(mode, first.get(mode) ?? transcripts);
    console.log(mode.padEnd(18), JSON.stringify(r));
  }
  const mean = (mode: string, field: string): number => {
    const values = rows.filter(([m]) => m === mode).map(([, r]) => r[field]!);
    return values.reduce((a, b) => a + b, 0) / values.length;
  };
  if (first.has('stock')) {
    for (const mode of first.keys()) {
      console.log(
        `${mode.padEnd(18)} WER ${(100 * mean(mode, 'wer')).toFixed(1)} %, decode ${mean(mode, 'decodeSeconds').toFixed(2)} s (${(mean(mode, 'decodeSeconds') / mean('stock', 'decodeSeconds')).toFixed(2)}x stock), CPU ${mean(mode, 'decodeCpuSeconds').toFixed(2)} s (${(mean(mode, 'decodeCpuSeconds') / mean('stock', 'decodeCpuSeconds')).toFixed(2)}x), open +${mean(mode, 'openMiB').toFixed(1)} MiB (${(mean(mode, 'openMiB') / mean('stock', 'openMiB')).toFixed(2)}x)`,
      );
    }
  }
  const same = (a: string, b: string) => JSON.stringify(first.get(a)) === JSON.stringify(first.get(b));
  if (first.has('personal') && first.has('merged')) {
    console.log(`personal and merged transcripts identical: ${same('personal', 'merged')}`);
  }
  if (first.has('personal') && first.has('personal-replaced')) {
    console.log(
      `personal and personal-replaced transcripts identical: ${same('personal', 'personal-replaced')}`,
    );
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`load average at the end: ${load()}`);
