/**
 * `npm run bench:memory`: a 60-minute recording (WebM/Opus, as browsers record) transcribed
 * by the whole pipeline (streamed: decoding and transcription overlap, chunk by chunk) with
 * the default worker count, while this process's resident
 * memory (main thread + worker threads: /proc/self/status VmRSS) is sampled every 200 ms, with
 * that of its child processes (ffmpeg, which the decoding thread starts for WebM). Target: this
 * process and ffmpeg together under 500 MiB at peak; the decoder's own peak is printed beside it.
 * Figures are MiB (1024 × 1024 bytes), as /proc counts them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sampleMemory, rssMib } from '../support/process-memory.ts';
import { createAudioDecoder } from '../../apps/server/src/transcription/audio/audio-decoder.ts';
import type { SpeechChunk } from '../../apps/server/src/transcription/audio/speech-chunker.ts';
import { createPocketsphinxTranscriber } from '../../apps/server/src/transcription/pocketsphinx/engine.ts';
import { loadAverage, workDir } from './corpus.ts';
import { speechOfLength } from './rtf-audio.ts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const LIMIT_MIB = 500;

const dir = workDir('memory');
try {
  const ten = speechOfLength(dir, 600);
  const wav = path.join(dir, 'hour.wav');
  execFileSync('sox', [...Array.from({ length: MINUTES / 10 }, () => ten), wav]);
  const webm = path.join(dir, 'hour.webm');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    wav,
    '-ar',
    '48000',
    '-ac',
    '2',
    '-c:a',
    'libopus',
    webm,
  ]);
  fs.rmSync(wav);
  const workers = os.availableParallelism();
  console.log(
    `recording: ${MINUTES} min WebM/Opus 48 kHz stereo, ${(fs.statSync(webm).size / 1e6).toFixed(1)} MB; workers: ${workers}`,
  );
  console.log(`load average: ${loadAverage()}; RSS at start ${rssMib(process.pid).toFixed(0)} MiB`);

  const sampler = sampleMemory(process.pid);
  const started = performance.now();
  const engine = createPocketsphinxTranscriber({ workers });
  const decode = createAudioDecoder({ maxDurationSeconds: 4 * 3600 });
  let words = 0;
  try {
    // Streamed, as the job runner does it: chunks are transcribed while the rest decodes.
    const recording = decode.stream({ path: webm });
    let chunks = 0;
    async function* counted(): AsyncGenerator<SpeechChunk, void, undefined> {
      for await (const chunk of recording.chunks) {
        if (chunks++ === 0) {
          console.log(`first chunk after ${((performance.now() - started) / 1000).toFixed(1)} s`);
        }
        yield chunk;
      }
    }
    const transcript = await engine.transcribeStream({ chunks: counted() });
    const speech = await recording.done;
    console.log(`${chunks} chunks, ${speech.durationSeconds.toFixed(0)} s of audio`);
    words = transcript.segments.reduce((n, s) => n + s.words.length, 0);
  } finally {
    await engine.close();
  }
  const peak = sampler.stop();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `transcribed ${words} words in ${seconds.toFixed(0)} s (RTF ${(seconds / (MINUTES * 60)).toFixed(3)})`,
  );
  console.log(
    `peak RSS: this process ${peak.processMib.toFixed(0)} MiB, decoder ${peak.decoderMib.toFixed(0)} MiB ` +
      `(all children ${peak.childrenMib.toFixed(0)} MiB), ` +
      `together ${peak.totalMib.toFixed(0)} MiB (limit ${LIMIT_MIB} MiB): ${peak.totalMib < LIMIT_MIB ? 'PASS' : 'FAIL'}`,
  );
  console.log(`load average at the end: ${loadAverage()}`);
  process.exitCode = peak.totalMib < LIMIT_MIB ? 0 : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
