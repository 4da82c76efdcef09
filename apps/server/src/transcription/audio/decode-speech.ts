/**
 * Any accepted recording → 16 kHz mono 16-bit PCM, loudness-normalised, with the cuts at
 * which engines may decode it in parallel. Runs in a worker thread (audio-worker.ts):
 * reading, downmixing and resampling an hour of audio takes seconds of CPU.
 *
 * The format is sniffed from the bytes, never taken from the upload's label. WAV is read
 * by our own decoder; everything else (WebM, Ogg, MP3, M4A/AAC, FLAC) is decoded by
 * Debian's ffmpeg into 32-bit float WAV at the source rate and channel count, streamed
 * through SpeechStream, so our downmix and anti-aliasing filter are the only ones used.
 *
 * ffmpeg only ever reads the one file it is given, as the format it was sniffed to be
 * (`-f`): left to guess, it skips an ID3 tag, finds an HLS playlist behind it and opens the
 * files that playlist names, which once read another user's recording into a transcript.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { AudioFormat } from './audio-format.ts';
import { inspectAudio } from './audio-inspection.ts';
import { planUtterances, type UtteranceRange } from './utterances.ts';
import { AudioDecodeError } from './errors.ts';
import { normaliseLoudness } from './loudness.ts';
import type { VoicePrint } from '../speakers/voiceprint.ts';
import type { SpeakerTurn } from '../speakers/turns.ts';
import { foldPeaks, PeakFolder } from './peak-folder.ts';
import { type SpeechChunk, SpeechChunker } from './speech-chunker.ts';
import { SPEECH_RATE, SpeechStream, type SpeechStreamOptions } from './speech-stream.ts';
import { decodeWav, isRiffWave, readWavHeader, readWavLayout } from './wav.ts';

/**
 * A recording: its bytes, or its file, which is then read in pieces (WAV) or handed to
 * ffmpeg as it is, so decoding holds about the same memory for four hours as for one minute.
 */
export type RecordingInput = Uint8Array | { path: string };

export interface DecodeSpeechOptions {
  maxDurationSeconds: number;
  /** Loudness normalisation (default on); silence is detected either way. */
  normalise?: boolean;
  /** Defaults to `ffmpeg` on the PATH. */
  ffmpegPath?: string;
  /**
   * Stops decoding: a running ffmpeg is killed and reaped before the promise rejects with
   * the signal's reason, so no child process outlives the call.
   */
  signal?: AbortSignal;
  /**
   * Told the recording's length once it is known: when all of it has been read, before it
   * is judged silent and (when streaming) before the last chunks are handed on. A caller
   * whose later steps fail can still record how long the recording was.
   */
  onDuration?: (seconds: number) => void;
  /**
   * Told the length the recording's header states, before decoding starts (a WAV's data size,
   * the duration ffmpeg reads from the container), when there is one: an estimate for progress
   * only, never stored. A browser's WebM often states none.
   */
  onExpectedDuration?: (seconds: number) => void;
}

export interface DecodedSpeech {
  /** 16 kHz mono; backed by a SharedArrayBuffer, so threads read it without copies. */
  pcm: Int16Array;
  /** Length of the original recording. */
  durationSeconds: number;
  /** Where the recording may be cut for decoding in parallel (at pauses, ≤ 30 s each). */
  chunks: UtteranceRange[];
  gainDb: number;
  format: string;
  /** Who spoke when, when the request asked for it (ADR 0053). */
  speakerTurns?: SpeakerTurn[];
  /** The waveform's peaks file (peak-folder.ts), of the audio before loudness normalisation. */
  peaks: Uint8Array;
  /** Each speaker's voiceprint, in the turns' numbering (ADR 0058); one when told one speaks. */
  speakerPrints?: VoicePrint[];
}

export async function decodeSpeech(
  bytes: RecordingInput,
  options: DecodeSpeechOptions,
): Promise<DecodedSpeech> {
  const { stream, format } = await readRecording(bytes, options, (settings) => new SpeechStream(settings));
  const durationSeconds = stream.durationSeconds;
  const samples = stream.finish();
  options.onDuration?.(durationSeconds);
  if (samples.length === 0) throw new AudioDecodeError('empty_audio', 'The recording is empty.');
  const peaks = foldPeaks(samples);
  const { gainDb, silent } = normaliseLoudness(samples, SPEECH_RATE, { apply: options.normalise ?? true });
  if (silent) {
    throw new AudioDecodeError(
      'silent_audio',
      'The recording is silent: no speech was found. Check that the microphone was on.',
    );
  }
  const pcm = samples;
  const chunks = planUtterances(pcm, { sampleRate: SPEECH_RATE });
  return { pcm, durationSeconds, chunks, gainDb, format, peaks };
}

export interface StreamSpeechOptions extends DecodeSpeechOptions {
  /** Receives each chunk (cut at pauses, ≤ 30 s, normalised) as soon as it is known. */
  onChunk: (chunk: SpeechChunk) => void;
  /**
   * Asked after every piece of decoded audio; a promise pauses ffmpeg's output until it
   * settles (back-pressure from a transcriber that is behind). WAV is read whole anyway.
   */
  throttle?: () => Promise<void> | undefined;
}

/** What decodeSpeechStream reports once every chunk has been handed on. */
export interface StreamedSpeech {
  durationSeconds: number;
  /** 16 kHz samples in the whole recording (the chunks' total). */
  samples: number;
  gainDb: number;
  format: string;
  /** Who spoke when, when the request asked for it (ADR 0053). */
  speakerTurns?: SpeakerTurn[];
  /** The waveform's peaks file, folded as the samples passed (peak-folder.ts). */
  peaks: Uint8Array;
  /** Each speaker's voiceprint, in the turns' numbering (ADR 0058); one when told one speaks. */
  speakerPrints?: VoicePrint[];
}

/**
 * decodeSpeech without ever holding the whole recording: chunks go to `onChunk` as they are
 * decoded (speech-chunker.ts explains the loudness and cuts). For recordings up to
 * GAIN_WINDOW_SECONDS the chunks equal decodeSpeech's `pcm` cut at its `chunks`.
 */
export async function decodeSpeechStream(
  bytes: RecordingInput,
  options: StreamSpeechOptions,
): Promise<StreamedSpeech> {
  const chunker = new SpeechChunker(options.onChunk, { normalise: options.normalise ?? true });
  const peaks = new PeakFolder();
  // Folded before the chunker, which applies the gain in place.
  const onSamples = (samples: Int16Array): void => {
    peaks.push(samples);
    chunker.push(samples);
  };
  const { stream, format } = await readRecording(
    bytes,
    options,
    (settings) => new SpeechStream({ ...settings, onSamples }),
    options.throttle,
  );
  stream.finish();
  const durationSeconds = stream.durationSeconds;
  options.onDuration?.(durationSeconds);
  const { gainDb, samples } = chunker.finish();
  return { durationSeconds, samples, gainDb, format, peaks: peaks.finish() };
}

type MakeStream = (settings: SpeechStreamOptions) => SpeechStream;

async function readRecording(
  input: RecordingInput,
  options: DecodeSpeechOptions,
  makeStream: MakeStream,
  throttle?: () => Promise<void> | undefined,
): Promise<{ stream: SpeechStream; format: string }> {
  if (!(input instanceof Uint8Array)) return readRecordingFile(input.path, options, makeStream, throttle);
  const bytes = input;
  if (bytes.length === 0) throw new AudioDecodeError('empty_audio', 'The recording is empty.');
  if (isRiffWave(bytes)) {
    const { sampleRate, channels } = decodeWav(bytes);
    const stream = makeStream({
      sampleRate,
      channels: channels.length,
      maxDurationSeconds: options.maxDurationSeconds,
    });
    options.onExpectedDuration?.((channels[0]?.length ?? 0) / sampleRate);
    stream.writeChannels(channels);
    return { stream, format: 'audio/wav' };
  }
  // The rules uploads were accepted by, again: the stored bytes may predate them.
  const { format } = inspectAudio(bytes);
  const stream = await decodeWithFfmpeg(bytes, format, options, makeStream, throttle);
  return { stream, format: format.mime };
}

/** Enough of a file to sniff its format and read a WAV header with its metadata chunks. */
const HEAD_BYTES = 1 << 20;
/** A WAV is read in pieces of this many bytes (rounded down to whole frames). */
const WAV_PIECE_BYTES = 1 << 20;

/** readRecording for a file: never holds it whole, and never copies it for ffmpeg. */
async function readRecordingFile(
  file: string,
  options: DecodeSpeechOptions,
  makeStream: MakeStream,
  throttle: (() => Promise<void> | undefined) | undefined,
): Promise<{ stream: SpeechStream; format: string }> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) throw new AudioDecodeError('empty_audio', 'The recording is empty.');
    const head = new Uint8Array(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    if (isRiffWave(head)) {
      const layout = readWavLayout(head, size);
      const stream = makeStream({
        sampleRate: layout.sampleRate,
        channels: layout.channels,
        maxDurationSeconds: options.maxDurationSeconds,
      });
      options.onExpectedDuration?.(layout.frames / layout.sampleRate);
      const pieceFrames = Math.max(1, Math.floor(WAV_PIECE_BYTES / layout.bytesPerFrame));
      const piece = new Uint8Array(pieceFrames * layout.bytesPerFrame);
      for (let frame = 0; frame < layout.frames; frame += pieceFrames) {
        options.signal?.throwIfAborted();
        const frames = Math.min(pieceFrames, layout.frames - frame);
        const want = frames * layout.bytesPerFrame;
        const { bytesRead } = await handle.read(
          piece,
          0,
          want,
          layout.dataOffset + frame * layout.bytesPerFrame,
        );
        stream.write(layout.toFloats(piece.subarray(0, bytesRead)));
        await throttle?.();
      }
      return { stream, format: 'audio/wav' };
    }
    const { format } = inspectAudio(head);
    const limits = { demuxer: format.demuxer, plausibleSeconds: plausibleSeconds(size) };
    const stream = await runFfmpeg(file, limits, options, makeStream, throttle);
    return { stream, format: format.mime };
  } finally {
    await handle.close();
  }
}

/**
 * The least a second of real audio takes in any accepted format. The lowest bitrates
 * encoders offer are 6 kbit/s for Opus (750 B/s) and 8 kbit/s for MP3 (1000 B/s), and any
 * sound a microphone picks up, even noise at -90 dBFS, costs ffmpeg's Opus, Vorbis and AAC
 * encoders about 7 KB/s. Only digital silence packs tighter: measured at 64-457 B/s (AAC at
 * 8 kHz to WebM/Opus), so the floor sits below most of that, and a recording must be nearly
 * all digital silence (which has nothing to transcribe) to meet it. Crafted files go far
 * lower (Opus packets of a byte or two standing for 120 ms each: ~30 B/s), which is what
 * this stops: a few kilobytes keeping a worker decoding for hours.
 */
const MIN_BYTES_PER_SECOND = 250;
/** Short recordings carry headers (FLAC pads its header to 8 KB) that say little about length. */
const PLAUSIBLE_SECONDS_ANYWAY = 60;

/** The most audio `byteLength` bytes of a compressed recording can plausibly hold. */
function plausibleSeconds(byteLength: number): number {
  return PLAUSIBLE_SECONDS_ANYWAY + byteLength / MIN_BYTES_PER_SECOND;
}

/** What ffmpeg said on stderr is kept for logs, at most this many bytes. */
const STDERR_LIMIT = 4096;

async function decodeWithFfmpeg(
  bytes: Uint8Array,
  format: AudioFormat,
  options: DecodeSpeechOptions,
  makeStream: MakeStream,
  throttle: (() => Promise<void> | undefined) | undefined,
): Promise<SpeechStream> {
  // A file, not stdin: MP4 files often keep their index at the end, which a pipe cannot seek to.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-decode-'));
  const input = path.join(dir, `input.${format.extension}`);
  try {
    await fs.writeFile(input, bytes);
    const limits = { demuxer: format.demuxer, plausibleSeconds: plausibleSeconds(bytes.length) };
    return await runFfmpeg(input, limits, options, makeStream, throttle);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * How ffmpeg reads its input: only the local file (`file:`, so no name is taken for another
 * protocol) as the sniffed format, so it never probes the bytes for another demuxer.
 * Playlists (HLS, ffconcat) and MP4 external data references are then never opened; the
 * MP4 ones are off by default and stay off explicitly.
 */
export function ffmpegInputArgs(input: string, demuxer: string): string[] {
  return [
    ...['-protocol_whitelist', 'file'],
    ...(demuxer === 'mov' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : []),
    ...['-f', demuxer, '-i', `file:${input}`],
  ];
}

interface FfmpegLimits {
  demuxer: string;
  /** Decoded audio beyond this is out of proportion to the file (plausibleSeconds). */
  plausibleSeconds: number;
}

function runFfmpeg(
  input: string,
  limits: FfmpegLimits,
  options: DecodeSpeechOptions,
  makeStream: MakeStream,
  throttle: (() => Promise<void> | undefined) | undefined,
): Promise<SpeechStream> {
  const { signal } = options;
  signal?.throwIfAborted();
  const args = [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    // Each line tagged with its level: errors are told apart from the input's description,
    // whose Duration line gives progress its total (ffmpegStderr).
    '-loglevel',
    'level+info',
    ...ffmpegInputArgs(input, limits.demuxer),
    // The first audio stream only; a file without one fails here with a clear message.
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-c:a',
    'pcm_f32le',
    '-f',
    'wav',
    '-bitexact',
    'pipe:1',
  ];
  return new Promise<SpeechStream>((resolve, reject) => {
    const child = spawn(options.ffmpegPath ?? 'ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const header = new WavStreamHeader();
    let stream: SpeechStream | undefined;
    let carry = new Uint8Array(0);
    let failure: unknown;
    let failed = false;
    const stderr = new FfmpegStderr(options.onExpectedDuration);

    /**
     * Ends ffmpeg early. The promise still settles only on 'close', which Node emits after
     * the child has exited and been reaped, so no ffmpeg outlives a failed decode. Output
     * paused for back-pressure is dropped, or the pipe would never report its end.
     */
    const stop = (reason: unknown): void => {
      if (failed) return;
      failed = true;
      failure = reason;
      child.kill('SIGKILL');
      child.stdout.destroy();
    };
    const onAbort = (): void => stop(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    const onData = (chunk: Buffer): void => {
      if (failed) return;
      try {
        let data: Uint8Array = chunk;
        if (!stream) {
          const parsed = header.push(chunk);
          if (!parsed) return;
          stream = makeStream({ ...parsed.format, maxDurationSeconds: options.maxDurationSeconds });
          data = parsed.rest;
        }
        if (carry.length > 0) {
          const joined = new Uint8Array(carry.length + data.length);
          joined.set(carry);
          joined.set(data, carry.length);
          data = joined;
        }
        const frameBytes = 4 * header.channels;
        const usable = data.length - (data.length % frameBytes);
        // Copy into an aligned buffer: Float32Array views need 4-byte alignment.
        const floats = new Float32Array(usable / 4);
        new Uint8Array(floats.buffer).set(data.subarray(0, usable));
        carry = data.slice(usable);
        stream.write(floats);
        if (stream.durationSeconds > limits.plausibleSeconds) throw implausible(stream.durationSeconds);
        const wait = throttle?.();
        if (wait) {
          child.stdout.pause();
          const resume = (): void => {
            if (!failed) child.stdout.resume();
          };
          wait.then(resume, resume);
        }
      } catch (error) {
        stop(error instanceof Error ? error : new Error(String(error)));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      if (!failed) {
        failed = true;
        failure = ffmpegMissing(error);
      }
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (failed) return reject(failure);
      const said = stderr.errors();
      if (/matches no streams|does not contain any stream|no audio/i.test(said)) {
        return reject(
          new AudioDecodeError('no_audio', 'The file has no sound track, so there is nothing to transcribe.'),
        );
      }
      // A recording cut off mid-way (a crashed browser tab) still yields what was recorded.
      if (stream && stream.frames > 0) return resolve(stream);
      // Empty only if ffmpeg met no errors: frames that all failed to decode are damage.
      if (code === 0 && stream && !/error while decoding|invalid data/i.test(said)) {
        return reject(new AudioDecodeError('empty_audio', 'The recording is empty.'));
      }
      reject(
        new AudioDecodeError(
          'corrupt',
          'The recording is damaged and cannot be read. Try exporting or recording it again.',
        ),
      );
    });
  });
}

function ffmpegMissing(error: unknown): Error {
  return new Error(
    `ffmpeg could not be started (install it with \`apt-get install ffmpeg\`): ${
      error instanceof Error ? error.message : String(error)
    }`,
  );
}

/**
 * Decoding stops as soon as the audio outgrows plausibleSeconds, so the note fails at once
 * with a reason instead of holding a worker for hours.
 */
function implausible(seconds: number): AudioDecodeError {
  return new AudioDecodeError(
    'implausible_duration',
    `The recording claims to last over ${Math.floor(seconds)} seconds, far longer than a file of its size ` +
      'can hold, so it is damaged. Export or record it again.',
  );
}

/**
 * Reads the header of the WAV ffmpeg writes to a pipe (with wav.ts, which reads uploads'
 * headers too, so the same rules hold for the rate and channels of every format): its data
 * chunk's size is a placeholder because a pipe cannot be rewritten.
 */
class WavStreamHeader {
  #buffer = new Uint8Array(0);
  channels = 1;

  push(
    chunk: Uint8Array,
  ): { format: { sampleRate: number; channels: number }; rest: Uint8Array } | undefined {
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    this.#buffer = joined;
    if (joined.length < 12) return undefined;
    const header = readWavHeader(joined);
    if (header?.dataOffset !== undefined) {
      this.channels = header.channels;
      const format = { sampleRate: header.sampleRate, channels: header.channels };
      return { format, rest: joined.subarray(header.dataOffset) };
    }
    if (joined.length > 1 << 20) {
      throw new AudioDecodeError('corrupt', 'The recording is damaged and cannot be read.');
    }
    return undefined;
  }
}

/**
 * ffmpeg's stderr at `level+info`: the lines of level error and worse, as `-loglevel error`
 * printed them, kept for the failure checks (at most STDERR_LIMIT bytes), and the input's
 * duration from its description. Only ffmpeg's own `  Duration: ` line counts: the input's
 * metadata, which a file may fill with anything, is printed indented further.
 */
class FfmpegStderr {
  #partial = '';
  #errors = '';
  #toldDuration = false;

  constructor(private readonly onDuration: ((seconds: number) => void) | undefined) {}

  push(chunk: Buffer): void {
    const lines = (this.#partial + chunk.toString('utf8')).split('\n');
    this.#partial = lines.pop() ?? '';
    if (this.#partial.length > STDERR_LIMIT) this.#partial = this.#partial.slice(0, STDERR_LIMIT);
    for (const line of lines) this.#line(line);
  }

  errors(): string {
    if (this.#partial) this.#line(this.#partial);
    this.#partial = '';
    return this.#errors.trim().slice(0, STDERR_LIMIT);
  }

  #line(line: string): void {
    if (/^\[(error|fatal|panic)\] /.test(line)) {
      if (this.#errors.length < STDERR_LIMIT) this.#errors += `${line.replace(/^\[\w+\] /, '')}\n`;
      return;
    }
    if (this.#toldDuration) return;
    const duration = /^\[info\] {3}Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?),/.exec(line);
    if (!duration) return;
    this.#toldDuration = true;
    const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
    if (Number.isFinite(seconds) && seconds > 0) this.onDuration?.(seconds);
  }
}
