/**
 * Any accepted recording → 16 kHz mono 16-bit PCM, loudness-normalised, with the cuts at
 * which engines may decode it in parallel. Runs in a worker thread (audio-worker.ts):
 * reading, downmixing and resampling an hour of audio takes seconds of CPU.
 *
 * The format is sniffed from the bytes, never taken from the upload's label. WAV is read
 * by our own decoder; Opus in Ogg by opusdec (opus-decode.ts), everything else (WebM, other
 * Ogg, MP3, M4A/AAC, FLAC) by Debian's ffmpeg (ffmpeg-decode.ts), each into 32-bit float WAV
 * streamed through SpeechStream (decoder-pipe.ts), so our downmix and anti-aliasing filter
 * are the only ones used.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { AudioFormat } from './audio-format.ts';
import { inspectAudio } from './audio-inspection.ts';
import { planUtterances, type UtteranceRange } from './utterances.ts';
import { type MakeStream, readDecoderPipe } from './decoder-pipe.ts';
import { AudioDecodeError } from './errors.ts';
import { ffmpegDecoder } from './ffmpeg-decode.ts';
import { normaliseLoudness } from './loudness.ts';
import type { VoicePrint } from '../speakers/voiceprint.ts';
import type { SpeakerTurn } from '../speakers/turns.ts';
import { oggOpusDuration, OpusdecMissing, opusdecDecoder } from './opus-decode.ts';
import { webmDuration } from './webm-duration.ts';
import { foldPeaks, PeakFolder } from './peak-folder.ts';
import { type SpeechChunk, SpeechChunker } from './speech-chunker.ts';
import { SPEECH_RATE, SpeechStream } from './speech-stream.ts';
import { decodeWav, isRiffWave, readWavLayout } from './wav.ts';

/**
 * A recording: its bytes, or its file, which is then read in pieces (WAV) or handed to
 * its decoder as it is, so decoding holds about the same memory for four hours as for one minute.
 */
export type RecordingInput = Uint8Array | { path: string };

export interface DecodeSpeechOptions {
  maxDurationSeconds: number;
  /** Loudness normalisation (default on); silence is detected either way. */
  normalise?: boolean;
  /** Defaults to `ffmpeg` on the PATH. */
  ffmpegPath?: string;
  /** Defaults to `opusdec` on the PATH; ffmpeg decodes Opus where it is missing. */
  opusdecPath?: string;
  /**
   * Stops decoding: a running decoder (ffmpeg, opusdec) is killed and reaped before the promise rejects with
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
   * the duration ffmpeg reads from the container, an Ogg Opus file's last page), when there is
   * one: an estimate for progress only, never stored. A browser's WebM often states none.
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
   * Asked after every piece of decoded audio; a promise pauses the decoder's output until it
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
  const stream = await decodeBytes(bytes, format, options, makeStream, throttle);
  return { stream, format: format.mime };
}

/** Enough of a file to sniff its format and read a WAV header with its metadata chunks. */
const HEAD_BYTES = 1 << 20;
/** A WAV is read in pieces of this many bytes (rounded down to whole frames). */
const WAV_PIECE_BYTES = 1 << 20;

/** readRecording for a file: never holds it whole, and never copies it for its decoder. */
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
    if (options.onExpectedDuration) {
      // Where the container states no length ffmpeg can print: Ogg never does, and a browser
      // recorder's WebM does not (ffmpeg reports a WebM's stated Duration itself).
      const seconds =
        format.codec === 'opus'
          ? await oggOpusDuration(handle, size, head)
          : format.demuxer === 'matroska'
            ? await webmDuration(handle, size, head)
            : undefined;
      if (seconds !== undefined) options.onExpectedDuration(seconds);
    }
    const stream = await decodeCompressed(file, size, format, options, makeStream, throttle);
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

/**
 * Decodes a file that is not WAV: Opus in Ogg with opusdec where it is installed, anything
 * else (and Opus without opusdec) with ffmpeg.
 */
async function decodeCompressed(
  file: string,
  size: number,
  format: AudioFormat,
  options: DecodeSpeechOptions,
  makeStream: MakeStream,
  throttle: (() => Promise<void> | undefined) | undefined,
): Promise<SpeechStream> {
  const pipe = {
    maxDurationSeconds: options.maxDurationSeconds,
    plausibleSeconds: plausibleSeconds(size),
    signal: options.signal,
  };
  if (format.codec === 'opus') {
    try {
      return await readDecoderPipe(opusdecDecoder(file, options), pipe, makeStream, throttle);
    } catch (error) {
      if (!(error instanceof OpusdecMissing)) throw error;
    }
  }
  const ffmpeg = ffmpegDecoder(file, format.demuxer, options);
  return readDecoderPipe(ffmpeg, pipe, makeStream, throttle);
}

async function decodeBytes(
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
    return await decodeCompressed(input, bytes.length, format, options, makeStream, throttle);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
