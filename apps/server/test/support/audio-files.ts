import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cachedToolRun } from './fixture-cache.ts';

/**
 * Real recordings in every accepted format, made from one spoken sentence (flite, then
 * ffmpeg; once per machine and tool version, see fixture-cache.ts), so the sniffing tests
 * read the bytes real encoders write and the repository holds no binary fixtures.
 */
export interface AudioSample {
  name: string;
  file: string;
  /** The type the upload must be stored with. */
  mime: string;
}

const FORMATS: { name: string; file: string; mime: string; args: string[] }[] = [
  { name: 'WebM/Opus', file: 'speech.webm', mime: 'audio/webm', args: ['-c:a', 'libopus'] },
  { name: 'Ogg/Opus', file: 'speech.opus.ogg', mime: 'audio/ogg', args: ['-c:a', 'libopus', '-f', 'ogg'] },
  {
    name: 'Ogg/Vorbis',
    file: 'speech.vorbis.ogg',
    mime: 'audio/ogg',
    args: ['-c:a', 'libvorbis', '-f', 'ogg'],
  },
  { name: 'MP3 with ID3', file: 'speech.mp3', mime: 'audio/mpeg', args: ['-c:a', 'libmp3lame'] },
  {
    name: 'MP3 without ID3',
    file: 'bare.mp3',
    mime: 'audio/mpeg',
    args: ['-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0'],
  },
  { name: 'M4A/AAC', file: 'speech.m4a', mime: 'audio/mp4', args: ['-c:a', 'aac'] },
  { name: 'AAC (ADTS)', file: 'speech.aac', mime: 'audio/aac', args: ['-c:a', 'aac', '-f', 'adts'] },
  { name: 'FLAC', file: 'speech.flac', mime: 'audio/flac', args: ['-c:a', 'flac'] },
];

export function makeAudioSamples(): { dir: string; samples: AudioSample[]; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-audio-'));
  const wav = path.join(dir, 'speech.wav');
  cachedToolRun('flite', ['-t', 'Remember to call the plumber about the kitchen sink.', '-o', wav], wav);
  const samples: AudioSample[] = [{ name: 'WAV', file: wav, mime: 'audio/wav' }];
  for (const format of FORMATS) {
    const out = path.join(dir, format.file);
    ffmpeg('-i', wav, ...format.args, out);
    samples.push({ name: format.name, file: out, mime: format.mime });
  }
  return { dir, samples, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A video file: Ogg, but with Theora pictures, which is not an accepted recording. */
export function makeTheoraOgg(dir: string): string {
  const out = path.join(dir, 'video.ogv');
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5:duration=1', '-c:v', 'libtheora', out);
  return out;
}

/**
 * Runs Debian's ffmpeg quietly, overwriting its output (the last argument); throws on failure.
 * A run identical to an earlier one copies its output instead (fixture-cache.ts).
 */
export function ffmpeg(...args: string[]): void {
  const output = args.at(-1);
  if (output === undefined) throw new Error('ffmpeg() needs an output file as its last argument');
  cachedToolRun('ffmpeg', ['-loglevel', 'error', '-y', ...args], output);
}

/** Three seconds of digital silence as mono Opus; the container follows the file's extension. */
export function silentOpus(out: string): string {
  ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '3', '-c:a', 'libopus', out);
  return out;
}
