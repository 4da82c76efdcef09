/**
 * `npm run bench:long`: long recordings through the real server (ADR 0056). For each length in
 * BENCH_HOURS (default `1,4`) and each format in BENCH_FORMATS (default `wav,opus`), a fresh
 * server process (ROLE=all, pocketsphinx) is given the recording — WAV as one raw upload, Opus
 * as a resumable (tus) upload — and transcribes it, while its resident memory and its child
 * processes' (the audio decoder: opusdec for Opus in Ogg, ADR 0067; ffmpeg for the other
 * compressed formats) are sampled every 200 ms from /proc. Then the note's page is read: the
 * note answer, the first segment page and the waveform peaks, against a 1-minute note in the
 * same process.
 *
 * Printed side by side per length: peak RSS (server, decoder, together; goal < 500 MiB, and flat
 * with length), transcription time and real-time factor, and the note page's time for the long
 * note next to the 1-minute one. The speech is the bench corpus (flite voices with pauses,
 * bench/transcription/rtf-audio.ts), 10 minutes repeated: cheap to make at any length.
 * Transcribing 4 hours takes pocketsphinx about an hour on 2 idle cores; BENCH_HOURS=1,2 is the
 * shorter run.
 *
 * BENCH_DECODE_ONLY=1 measures the decoding pipeline alone, in this process, as the server
 * runs it (the decoding thread reading the file, opusdec for Opus, chunks and peaks), with no
 * engine: minutes instead of hours for 4 hours of audio, and the part whose memory used to
 * grow with length (the recording read whole, a WAV decoded whole, a copy for ffmpeg).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { createAudioDecoder } from '../apps/server/src/transcription/audio/audio-decoder.ts';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { startBuiltServer } from './support/built-server.ts';
import { startChild } from './support/child-server.ts';
import { sampleMemory, type MemoryPeaks } from './support/process-memory.ts';
import { loadAverage, workDir } from './transcription/corpus.ts';
import { speechOfLength } from './transcription/rtf-audio.ts';

const HOURS = (process.env.BENCH_HOURS ?? '1,4').split(',').map(Number);
const FORMATS = (process.env.BENCH_FORMATS ?? 'wav,opus').split(',') as ('wav' | 'opus')[];
/** The issue's goal is 500 MB (decimal): 476.8 MiB. */
const GOAL_MIB = 500e6 / 2 ** 20;
const NOTE_PAGE_GOAL_MS = 1000;
const TUS_PIECE = 16 * 1024 * 1024;
const DECODE_ONLY = process.env.BENCH_DECODE_ONLY === '1';
/**
 * The server measured is the built one (apps/server/dist/server.js), as `npm start` runs it;
 * BENCH_SERVER=source runs it from source through tsx instead, as this bench did before, which
 * adds the transformed modules to the server's memory.
 */
const FROM_SOURCE = process.env.BENCH_SERVER === 'source';
/**
 * `bytes` hands the decoder the whole recording read into memory, as the transcription runner
 * did before ADR 0056: the figure to compare with.
 */
const DECODE_FROM = process.env.BENCH_DECODE_FROM === 'bytes' ? 'bytes' : 'file';

interface Measured {
  hours: number;
  format: 'wav' | 'opus';
  upload: 'raw' | 'resumable';
  fileMb: number;
  memory: MemoryPeaks;
  /** The highest together-figure in each tenth of the transcription's progress. */
  byTenth: Map<number, number>;
  /** Before the upload: the server idle with its engine loaded. */
  idleMib: number;
  transcribeSeconds: number;
  status: string;
  segments: number;
  words: number;
  peaksBytes: number;
  noteMs: number;
  noteKb: number;
  segmentPageMs: number;
  peaksMs: number;
  shortNoteMs: number;
  shortNoteKb: number;
  loadStart: string;
  loadEnd: string;
}

const dir = workDir('long');
const results: Measured[] = [];
const decoded: Decoded[] = [];
try {
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
  );
  console.log(
    `lengths: ${HOURS.join(' h, ')} h; formats: ${FORMATS.join(', ')}; load average: ${loadAverage()}`,
  );
  const block = speechOfLength(dir, 600);
  const minute = path.join(dir, 'minute.wav');
  execFileSync('sox', [block, minute, 'trim', '0', '60']);

  for (const hours of HOURS) {
    const wav = path.join(dir, `long-${hours}h.wav`);
    const repeats = Math.max(1, Math.ceil(hours * 6));
    const seconds = String(Math.round(hours * 3600));
    execFileSync('sox', [...Array.from({ length: repeats }, () => block), wav, 'trim', '0', seconds]);
    for (const format of FORMATS) {
      let file = wav;
      if (format === 'opus') {
        file = path.join(dir, `long-${hours}h.ogg`);
        execFileSync('ffmpeg', [
          '-loglevel',
          'error',
          '-y',
          '-i',
          wav,
          '-c:a',
          'libopus',
          '-b:a',
          '24k',
          file,
        ]);
      }
      if (DECODE_ONLY) {
        decoded.push(await decodeCase(hours, format, file));
      } else {
        const measured = await runCase(hours, format, file, minute);
        results.push(measured);
        printCase(measured);
      }
      if (file !== wav) fs.rmSync(file);
    }
    fs.rmSync(wav);
  }
  if (DECODE_ONLY) printDecoded(decoded);
  else printSummary(results);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

interface Decoded {
  hours: number;
  format: 'wav' | 'opus';
  fileMb: number;
  seconds: number;
  memory: MemoryPeaks;
  idleMib: number;
  peaksBytes: number;
}

/** The server's decoding pipeline alone, from the file, every chunk let go as it comes. */
async function decodeCase(hours: number, format: 'wav' | 'opus', file: string): Promise<Decoded> {
  const decoder = createAudioDecoder({ maxDurationSeconds: Math.ceil(hours * 3600) + 600 });
  global.gc?.();
  const idleMib = sampleMemory(process.pid).stop().processMib;
  const sampler = sampleMemory(process.pid);
  const started = performance.now();
  const recording = decoder.stream(
    DECODE_FROM === 'bytes' ? new Uint8Array(fs.readFileSync(file)) : { path: file },
  );
  let samples = 0;
  for await (const chunk of recording.chunks) samples += chunk.pcm.length;
  const done = await recording.done;
  const memory = sampler.stop();
  const result: Decoded = {
    hours,
    format,
    fileMb: fs.statSync(file).size / 1e6,
    seconds: (performance.now() - started) / 1000,
    memory,
    idleMib,
    peaksBytes: done.peaks.length,
  };
  console.log(
    `${hours} h ${format} (${result.fileMb.toFixed(0)} MB, from its ${DECODE_FROM}): decoded ${(samples / 16000 / 3600).toFixed(2)} h in ` +
      `${result.seconds.toFixed(0)} s; peak RSS this process ${memory.processMib.toFixed(0)} MiB ` +
      `(idle ${idleMib.toFixed(0)} MiB), decoder ${memory.decoderMib.toFixed(0)} MiB, all children ` +
      `${memory.childrenMib.toFixed(0)} MiB, together ` +
      `${memory.totalMib.toFixed(0)} MiB; peaks ${(done.peaks.length / 1e3).toFixed(0)} KB; load ${loadAverage()}`,
  );
  return result;
}

function printDecoded(all: Decoded[]): void {
  console.log('\ndecoding only, side by side (peak RSS together, MiB):');
  for (const format of FORMATS) {
    const row = all.filter((m) => m.format === format);
    console.log(
      `  ${format.padEnd(4)} ${row.map((m) => `${m.hours} h: ${m.memory.totalMib.toFixed(0)} MiB`).join('   ')}`,
    );
  }
}

async function runCase(
  hours: number,
  format: 'wav' | 'opus',
  file: string,
  minute: string,
): Promise<Measured> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-bench-long-data-'));
  const start = FROM_SOURCE
    ? (env: Record<string, string>) => startChild('serve-app.ts', env)
    : startBuiltServer;
  const app = await start({
    ...BENCH_ENV,
    ROLE: 'all',
    DATA_DIR: dataDir,
    WORKER_CONCURRENCY: '1',
    MAX_DURATION_SECONDS: String(Math.ceil(hours * 3600) + 600),
    UPLOAD_MAX_BYTES: String(4 * 2 ** 30),
    QUOTA_STORAGE_BYTES: String(20 * 2 ** 30),
    QUOTA_UPLOAD_BYTES_PER_HOUR: String(20 * 2 ** 30),
  });
  try {
    const client = new BenchClient(app.url);
    await client.login('long', 'bench password for long recordings');
    const padId = String((await client.request('POST', '/api/v1/pad/', { name: 'Long' })).json().id);

    // The 1-minute note first: it warms the engine, and its page is the baseline.
    const short = await rawUpload(client, padId, minute, 'audio/wav');
    await settled(client, padId, short, 600);
    const shortNote = await timedGet(client, `/api/v1/pad/${padId}/voicenote/${short}/`);
    await new Promise((r) => setTimeout(r, 1000));

    const loadStart = loadAverage();
    const idle = sampleMemory(app.pid).stop().totalMib;
    // The transcription's progress, in tenths, as the progress endpoint last said it.
    let tenth: number | undefined;
    const sampler = sampleMemory(app.pid, 200, () => tenth);
    const started = performance.now();
    const id =
      format === 'wav'
        ? await rawUpload(client, padId, file, 'audio/wav')
        : await resumableUpload(client, padId, file, 'audio/ogg');
    const status = await settled(client, padId, id, 6 * 3600, (progress) => {
      tenth = Math.min(9, Math.floor(progress * 10));
    });
    const transcribeSeconds = (performance.now() - started) / 1000;
    const memory = sampler.stop();
    const loadEnd = loadAverage();

    const note = await timedGet(client, `/api/v1/pad/${padId}/voicenote/${id}/`);
    const body = JSON.parse(note.text) as { segment_count?: number; segments: { words: unknown[] }[] };
    const page = await timedGet(client, `/api/v1/pad/${padId}/voicenote/${id}/segments/?limit=200`);
    const peaks = await timedGet(client, `/api/v1/pad/${padId}/voicenote/${id}/peaks/`);
    let words = 0;
    for (let cursor: string | null = ''; cursor !== null;) {
      const res = await client.request(
        'GET',
        `/api/v1/pad/${padId}/voicenote/${id}/segments/?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const json = res.json() as { results: { words: unknown[] }[]; next: string | null };
      words += json.results.reduce((n, s) => n + s.words.length, 0);
      cursor = json.next;
    }
    return {
      hours,
      format,
      upload: format === 'wav' ? 'raw' : 'resumable',
      fileMb: fs.statSync(file).size / 1e6,
      memory,
      byTenth: sampler.buckets(),
      idleMib: idle,
      transcribeSeconds,
      status,
      segments: body.segment_count ?? body.segments.length,
      words,
      peaksBytes: peaks.bytes,
      noteMs: note.ms,
      noteKb: note.bytes / 1e3,
      segmentPageMs: page.ms,
      peaksMs: peaks.ms,
      shortNoteMs: shortNote.ms,
      shortNoteKb: shortNote.bytes / 1e3,
      loadStart,
      loadEnd,
    };
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The median of 5 reads, over loopback, body included. */
async function timedGet(
  client: BenchClient,
  url: string,
): Promise<{ ms: number; bytes: number; text: string }> {
  const times: number[] = [];
  let text = '';
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await fetch(client.baseUrl + url, { headers: { cookie: client.cookieHeader } });
    const body = new Uint8Array(await res.arrayBuffer());
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
    bytes = body.length;
    text = Buffer.from(body).toString('utf8');
  }
  times.sort((a, b) => a - b);
  return { ms: times[2]!, bytes, text };
}

async function settled(
  client: BenchClient,
  padId: string,
  id: string,
  maxSeconds: number,
  onProgress?: (progress: number) => void,
): Promise<string> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const res = await client.request('GET', `/api/v1/pad/${padId}/voicenote/${id}/progress/`);
    const state = res.json() as { status?: string; progress?: number };
    const status = state.status ?? 'unknown';
    if (status === 'processing' && typeof state.progress === 'number') onProgress?.(state.progress);
    if (status === 'done' || status === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`note ${id} still ${status} after ${maxSeconds} s`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** One request, the file streamed from disk. */
function rawUpload(client: BenchClient, padId: string, file: string, type: string): Promise<string> {
  const url = new URL(`/api/v1/pad/${padId}/voicenote/`, client.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'x-csrftoken': client.cookies.get('csrftoken') ?? '',
        'content-type': type,
        'content-disposition': `attachment; filename="${path.basename(file)}"`,
        'content-length': String(fs.statSync(file).size),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        if (res.statusCode !== 201) reject(new Error(`upload: ${res.statusCode} ${body}`));
        else resolve(String((JSON.parse(body) as { id: string }).id));
      });
    });
    req.on('error', reject);
    fs.createReadStream(file).pipe(req);
  });
}

/** tus: created, then sent in 16 MiB pieces. */
async function resumableUpload(
  client: BenchClient,
  padId: string,
  file: string,
  type: string,
): Promise<string> {
  const size = fs.statSync(file).size;
  const metadata = Object.entries({ pad_id: padId, filename: path.basename(file), filetype: type })
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const tus = { 'tus-resumable': '1.0.0' };
  const location = await createUpload(client, size, metadata);
  const handle = fs.openSync(file, 'r');
  try {
    const piece = Buffer.alloc(TUS_PIECE);
    let noteId: string | null = null;
    for (let offset = 0; offset < size;) {
      const n = fs.readSync(handle, piece, 0, TUS_PIECE, offset);
      const res = await fetch(client.baseUrl + location, {
        method: 'PATCH',
        headers: {
          ...tus,
          cookie: client.cookieHeader,
          'x-csrftoken': client.cookies.get('csrftoken') ?? '',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(piece.subarray(0, n)),
      });
      if (res.status !== 204) throw new Error(`tus patch at ${offset}: ${res.status} ${await res.text()}`);
      offset += n;
      noteId = res.headers.get('voxpad-voice-note-id');
    }
    if (!noteId) throw new Error('tus: no voice note was filed');
    return noteId;
  } finally {
    fs.closeSync(handle);
  }
}

/** The upload's location (BenchClient does not give answers' headers). */
async function createUpload(client: BenchClient, size: number, metadata: string): Promise<string> {
  const res = await fetch(`${client.baseUrl}/api/v1/uploads/`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      cookie: client.cookieHeader,
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
      'upload-length': String(size),
      'upload-metadata': metadata,
    },
  });
  const location = res.headers.get('location');
  if (res.status !== 201 || !location) throw new Error(`tus create: ${res.status} ${await res.text()}`);
  return location;
}

function printCase(m: Measured): void {
  console.log(
    `\n${m.hours} h ${m.format} (${m.upload} upload, ${m.fileMb.toFixed(0)} MB): ${m.status} in ` +
      `${m.transcribeSeconds.toFixed(0)} s (RTF ${(m.transcribeSeconds / (m.hours * 3600)).toFixed(3)}), ` +
      `${m.segments} segments, ${m.words} words, peaks ${(m.peaksBytes / 1e3).toFixed(0)} KB`,
  );
  console.log(
    `  peak RSS: server ${m.memory.processMib.toFixed(0)} MiB, decoder ${m.memory.decoderMib.toFixed(0)} MiB ` +
      `(all children ${m.memory.childrenMib.toFixed(0)} MiB), ` +
      `together ${m.memory.totalMib.toFixed(0)} MiB (idle before: ${m.idleMib.toFixed(0)} MiB; goal < ${GOAL_MIB.toFixed(1)} MiB = 500 MB)`,
  );
  console.log(
    `  note page: note ${m.noteMs.toFixed(0)} ms (${m.noteKb.toFixed(0)} KB) vs 1-min note ${m.shortNoteMs.toFixed(0)} ms ` +
      `(${m.shortNoteKb.toFixed(0)} KB); first segment page ${m.segmentPageMs.toFixed(0)} ms; peaks ${m.peaksMs.toFixed(0)} ms`,
  );
  // Flat with length, within one recording: the peak in each tenth of the transcription.
  const tenths = [...m.byTenth].map(([tenth, mib]) => `${tenth * 10}-${tenth * 10 + 10} % ${mib.toFixed(0)}`);
  if (tenths.length > 0) console.log(`  peak RSS together by progress (MiB): ${tenths.join(', ')}`);
  console.log(`  load average: ${m.loadStart} before, ${m.loadEnd} after`);
}

function printSummary(all: Measured[]): void {
  console.log('\nside by side (peak RSS together, MiB | note page ms, long vs 1-min):');
  for (const format of FORMATS) {
    const row = all.filter((m) => m.format === format);
    const cells = row.map(
      (m) =>
        `${m.hours} h: ${m.memory.totalMib.toFixed(0)} MiB | ${m.noteMs.toFixed(0)} vs ${m.shortNoteMs.toFixed(0)} ms`,
    );
    console.log(`  ${format.padEnd(4)} ${cells.join('   ')}`);
    if (row.length >= 2) {
      const first = row[0]!;
      const last = row.at(-1)!;
      const growth = last.memory.totalMib - first.memory.totalMib;
      console.log(
        `       ${last.hours / first.hours}× the length: ${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MiB ` +
          `(${((growth / first.memory.totalMib) * 100).toFixed(0)} %)`,
      );
    }
  }
  const worst = Math.max(...all.map((m) => m.memory.totalMib));
  const slowest = Math.max(...all.map((m) => m.noteMs));
  console.log(
    `peak RSS ${worst.toFixed(0)} MiB (goal < ${GOAL_MIB.toFixed(1)} MiB = 500 MB): ${worst < GOAL_MIB ? 'PASS' : 'FAIL'}; ` +
      `note page ${slowest.toFixed(0)} ms (goal < ${NOTE_PAGE_GOAL_MS} ms): ${slowest < NOTE_PAGE_GOAL_MS ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = worst < GOAL_MIB && slowest < NOTE_PAGE_GOAL_MS ? 0 : 1;
}
