/**
 * `npm run bench:rtf`: real-time factor on 10 minutes of speech (testdata and flite clips
 * concatenated with sox). Our whole pipeline with one worker against the bare engine's
 * command line (`pocketsphinx_continuous -infile`) on the same file: ours must take at
 * most 1.05× as long. Then two workers against one: at least 1.85× the throughput (issue 24).
 * Both sides are timed without loading the model: ours loads it before the clock starts (a
 * server pays it once), and the bare command's own start-up (loading the model and decoding a
 * 0.1 s clip, timed in the same round) is taken off its time. Until issue 24 the bare time
 * kept its start-up, which flattered ours by about a second.
 * Run when the machine is otherwise idle; the load average is printed. The machine's speed
 * drifts by 10-25% over minutes (the same run's CPU time too), so each round runs the three
 * back to back (BENCH_ROUNDS, default 3), each round gives paired ratios measured under the
 * same conditions, and the median of those ratios decides. The fastest run of each is
 * printed as well.
 * CPU seconds are printed beside the wall-clock times (issue 24's fairness review): ours with one
 * decoding thread also reads the file and cuts it on the main thread meanwhile, so on a second
 * core its wall time can hide work the bare command does in line. The CPU ratio shows that work;
 * the goal is judged, as the issue states it, on wall-clock throughput.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createAudioDecoder } from '../../apps/server/src/transcription/audio/audio-decoder.ts';
import { createPocketsphinxTranscriber } from '../../apps/server/src/transcription/pocketsphinx/engine.ts';
import { MODEL, loadAverage, workDir } from './corpus.ts';
import { speechOfLength } from './rtf-audio.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

interface Timed {
  /** Wall-clock seconds. */
  wall: number;
  /** CPU seconds, user and system, of every thread (ours) or of the child process (bare). */
  cpu: number;
}

async function ours(file: string, workers: number): Promise<Timed> {
  const engine = createPocketsphinxTranscriber({ workers });
  const decode = createAudioDecoder({ maxDurationSeconds: 4 * 3600 });
  try {
    // Load the models first: the bare CLI's start-up is timed, ours is paid once per server.
    const warm = await decode(
      new Uint8Array(fs.readFileSync(path.join(path.dirname(file), 'cards-001.wav'))),
    );
    await Promise.all(Array.from({ length: workers }, () => engine.transcribePcm({ pcm: warm.pcm })));
    const cpu = process.cpuUsage();
    const started = performance.now();
    const speech = await decode(new Uint8Array(fs.readFileSync(file)));
    await engine.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks });
    const used = process.cpuUsage(cpu);
    return { wall: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 };
  } finally {
    await engine.close();
  }
}

function theirs(file: string): Timed {
  const started = performance.now();
  const cpu = runBare(file);
  return { wall: (performance.now() - started) / 1000, cpu };
}

/** The bare command's start-up: loading the model, and a 0.1 s clip (median of three each). */
function theirStartUp(clip: string): Timed {
  const times = [0, 1, 2].map(() => theirs(clip));
  const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
  return { wall: middle(times.map((t) => t.wall)), cpu: middle(times.map((t) => t.cpu)) };
}

/** Runs the bare command; its CPU seconds (the shell's `times` for its children). */
function runBare(file: string): number {
  const out = execFileSync(
    'sh',
    [
      '-c',
      '"$@" >/dev/null 2>&1 || exit 1; times',
      'sh',
      'pocketsphinx_continuous',
      '-infile',
      file,
      '-hmm',
      path.join(MODEL, 'en-us'),
      '-lm',
      path.join(MODEL, 'en-us.lm.bin'),
      '-dict',
      path.join(MODEL, 'cmudict-en-us.dict'),
      '-logfn',
      '/dev/null',
    ],
    { encoding: 'utf8' },
  );
  // Two lines of "<user> <system>": the shell's own, then its children's.
  const children = out.trim().split('\n').at(-1) ?? '';
  return [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

const dir = workDir('rtf');
try {
  const file = speechOfLength(dir, SECONDS);
  const clip = path.join(dir, 'start-up.wav');
  execFileSync('sox', [file, clip, 'trim', '0', '0.1']);
  console.log(
    `audio: ${SECONDS} s of speech; cores: ${os.availableParallelism()}; load average before: ${loadAverage()}`,
  );
  const runs = { bare: [] as number[], one: [] as number[], two: [] as number[] };
  const cpu = { bare: [] as number[], one: [] as number[] };
  for (let round = 1; round <= ROUNDS; round++) {
    const startUp = theirStartUp(clip);
    const bare = theirs(file);
    runs.bare.push(bare.wall - startUp.wall);
    cpu.bare.push(bare.cpu - startUp.cpu);
    const one = await ours(file, 1);
    runs.one.push(one.wall);
    cpu.one.push(one.cpu);
    runs.two.push((await ours(file, 2)).wall);
    const last = (xs: number[]) => xs.at(-1)!.toFixed(1);
    console.log(
      `round ${round}: bare ${last(runs.bare)} s, CPU ${last(cpu.bare)} s (its start-up ${startUp.wall.toFixed(2)} s, CPU ${startUp.cpu.toFixed(2)} s, taken off), ours(1) ${last(runs.one)} s, CPU ${last(cpu.one)} s, ours(2) ${last(runs.two)} s; load average ${loadAverage()}`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratios = runs.one.map((one, i) => one / runs.bare[i]!);
  const speedups = runs.one.map((one, i) => one / runs.two[i]!);
  const [bare, one, two] = [runs.bare, runs.one, runs.two].map((xs) => Math.min(...xs)) as [
    number,
    number,
    number,
  ];
  console.log(
    `fastest runs: pocketsphinx_continuous ${bare.toFixed(1)} s without start-up (RTF ${(bare / SECONDS).toFixed(3)}),`,
  );
  console.log(
    `  ours 1 worker ${one.toFixed(1)} s (RTF ${(one / SECONDS).toFixed(3)}), ratio ${(one / bare).toFixed(2)};`,
  );
  console.log(
    `  ours 2 workers ${two.toFixed(1)} s (RTF ${(two / SECONDS).toFixed(3)}), speed-up ${(one / two).toFixed(2)}`,
  );
  const ratio = median(ratios);
  const speedup = median(speedups);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  console.log(
    `ours(1) / bare per round: ${list(ratios)}; median ${ratio.toFixed(2)}  (target <= 1.05: ${ratio <= 1.05 ? 'PASS' : 'FAIL'})`,
  );
  const cpuRatios = cpu.one.map((one, i) => one / cpu.bare[i]!);
  console.log(
    `  in CPU seconds, ours(1) / bare per round: ${list(cpuRatios)}; median ${median(cpuRatios).toFixed(2)}`,
  );
  console.log(
    `2 workers / 1 worker per round: ${list(speedups)}; median ${speedup.toFixed(2)}  (target >= 1.85: ${speedup >= 1.85 ? 'PASS' : 'FAIL'})`,
  );
  console.log(`load average after: ${loadAverage()}`);
  process.exitCode = ratio <= 1.05 && speedup >= 1.85 ? 0 : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
