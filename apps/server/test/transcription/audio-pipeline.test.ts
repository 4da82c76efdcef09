/**
 * The audio pipeline end to end on real files: every accepted format made at test time
 * (flite → ffmpeg), decoded in a worker thread (ffmpeg + our resampler), normalised,
 * cut at pauses and transcribed by pocketsphinx in parallel chunks. No mocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioDecoder } from '../../src/transcription/audio/audio-decoder.ts';
import { decodeSpeech } from '../../src/transcription/audio/decode-speech.ts';
import { AudioDecodeError } from '../../src/transcription/audio/errors.ts';
import { normaliseLoudness } from '../../src/transcription/audio/loudness.ts';
import { resample } from '../../src/transcription/audio/resample.ts';
import { SpeechStream } from '../../src/transcription/audio/speech-stream.ts';
import { createPocketsphinxTranscriber } from '../../src/transcription/pocketsphinx/engine.ts';
import type { PcmTranscriber } from '../../src/transcription/audio/pcm-transcriber.ts';
import { SENTENCES, longRecording } from './support/speech-fixtures.ts';
import { FixtureDir, keywordRecall, read, speak } from './support/speech.ts';
import { ffmpeg, silentOpus } from '../support/audio-files.ts';

const dir = new FixtureDir();
const decode = createAudioDecoder({ maxDurationSeconds: 3600 });
let engine: PcmTranscriber;
let single: PcmTranscriber;
const sentence = SENTENCES[1]!;

async function rejection(bytes: Uint8Array, maxDurationSeconds = 3600): Promise<AudioDecodeError> {
  try {
    await createAudioDecoder({ maxDurationSeconds })(bytes);
  } catch (error) {
    if (error instanceof AudioDecodeError) return error;
    throw error;
  }
  throw new Error('expected decoding to fail');
}

beforeAll(() => {
  engine = createPocketsphinxTranscriber({ workers: 2 });
  single = createPocketsphinxTranscriber({ workers: 1 });
  speak(sentence.text, dir.file('speech.wav'));
});
afterAll(async () => {
  await engine.close();
  await single.close();
  dir.remove();
});

const FORMATS: { name: string; file: string; args: string[]; mime: string }[] = [
  {
    name: 'WebM/Opus 48 kHz stereo',
    file: 'speech.webm',
    args: ['-ar', '48000', '-ac', '2', '-c:a', 'libopus'],
    mime: 'audio/webm',
  },
  { name: 'Ogg/Opus', file: 'speech.ogg', args: ['-c:a', 'libopus', '-f', 'ogg'], mime: 'audio/ogg' },
  {
    name: 'MP3 44.1 kHz',
    file: 'speech.mp3',
    args: ['-ar', '44100', '-c:a', 'libmp3lame'],
    mime: 'audio/mpeg',
  },
  { name: 'M4A/AAC', file: 'speech.m4a', args: ['-c:a', 'aac'], mime: 'audio/mp4' },
  { name: 'FLAC 22.05 kHz', file: 'speech.flac', args: ['-ar', '22050', '-c:a', 'flac'], mime: 'audio/flac' },
];

describe('decoding every accepted format', () => {
  it('reads WAV in TypeScript', async () => {
    const speech = await decode(read(dir.file('speech.wav')));
    expect(speech.format).toBe('audio/wav');
    expect(speech.pcm.buffer).toBeInstanceOf(SharedArrayBuffer);
    const transcript = await engine.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks });
    expect(keywordRecall(sentence.keywords, transcript.text)).toBeGreaterThanOrEqual(0.8);
  });

  for (const format of FORMATS) {
    it(`decodes and transcribes ${format.name}`, async () => {
      ffmpeg('-i', dir.file('speech.wav'), ...format.args, dir.file(format.file));
      const speech = await decode(read(dir.file(format.file)));
      expect(speech.format).toBe(format.mime);
      expect(speech.durationSeconds).toBeGreaterThan(3);
      expect(speech.pcm.length / 16000).toBeCloseTo(speech.durationSeconds, 0);
      const transcript = await engine.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks });
      expect(keywordRecall(sentence.keywords, transcript.text)).toBeGreaterThanOrEqual(0.6);
    });
  }

  it('sniffs the bytes, not the name: an MP3 called .wav decodes as MP3', async () => {
    ffmpeg('-i', dir.file('speech.wav'), '-c:a', 'libmp3lame', '-f', 'mp3', dir.file('mislabelled.wav'));
    const speech = await decode(read(dir.file('mislabelled.wav')));
    expect(speech.format).toBe('audio/mpeg');
  });
});

describe('recordings that cannot be transcribed', () => {
  it('empty', async () => {
    expect((await rejection(new Uint8Array(0))).code).toBe('empty_audio');
  });

  it('corrupt: a valid start followed by garbage', async () => {
    ffmpeg('-i', dir.file('speech.wav'), '-c:a', 'libopus', dir.file('c.webm'));
    const bytes = read(dir.file('c.webm')).slice(0, 200);
    const garbage = new Uint8Array(20000).map((_, i) => (i * 7919) % 251);
    const broken = new Uint8Array([...bytes.subarray(0, 64), ...garbage]);
    const error = await rejection(broken);
    expect(['corrupt', 'empty_audio']).toContain(error.code);
    expect(error.message).toMatch(/damaged|empty/);
  });

  it('unrecognised bytes', async () => {
    const error = await rejection(new TextEncoder().encode('hello, this is not audio at all'.repeat(10)));
    expect(error.code).toBe('unsupported_format');
  });

  it('silent', async () => {
    silentOpus(dir.file('silent.ogg'));
    const error = await rejection(read(dir.file('silent.ogg')));
    expect(error.code).toBe('silent_audio');
    expect(error.message).toMatch(/silent/);
  });

  it('longer than the limit, stopped while decoding', async () => {
    ffmpeg('-i', dir.file('speech.wav'), '-c:a', 'flac', dir.file('long.flac'));
    const error = await rejection(read(dir.file('long.flac')), 2);
    expect(error.code).toBe('too_long');
    expect(error.message).toMatch(/longer than 2 seconds/);
  });

  it('a video with no sound track', async () => {
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:rate=5:duration=1',
      '-c:v',
      'libvpx',
      dir.file('video.webm'),
    );
    const error = await rejection(read(dir.file('video.webm')));
    expect(error.code).toBe('no_audio');
  });
});

describe('streaming resampler and loudness', () => {
  it('stitches windows into exactly the whole-buffer resampling', () => {
    for (const rate of [48000, 44100, 8000, 22050]) {
      const n = rate * 25 + 123;
      const input = new Float32Array(n);
      for (let i = 0; i < n; i++)
        input[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate) + 0.1 * Math.sin(i * 0.37);
      const whole = resample(input, rate, 16000);
      const stream = new SpeechStream({ sampleRate: rate, channels: 1, maxDurationSeconds: 100 });
      for (let at = 0; at < n; at += 7777) stream.write(input.subarray(at, Math.min(n, at + 7777)));
      const out = stream.finish();
      expect(out.length).toBe(whole.length);
      let maxDiff = 0;
      for (let i = 0; i < out.length; i++)
        maxDiff = Math.max(maxDiff, Math.abs(out[i]! - Math.round(whole[i]! * 32767)));
      expect(maxDiff).toBeLessThanOrEqual(1);
    }
  });

  it('brings quiet speech up, caps the gain and leaves silence out of the measurement', () => {
    const pcm = new Int16Array(16000 * 4);
    for (let i = 0; i < 16000; i++) pcm[i] = Math.round(300 * Math.sin(i * 0.2)); // ~-43 dBFS, 1 s
    const { gainDb, silent } = normaliseLoudness(pcm, 16000);
    expect(silent).toBe(false);
    expect(gainDb).toBeGreaterThan(15);
    expect(gainDb).toBeLessThanOrEqual(30);
    expect(pcm.subarray(16000).every((s) => s === 0)).toBe(true);
  });
});

describe('parallel chunks', () => {
  it(
    'uses every worker on one long note, with timings in order and equal to a one-worker run',
    { timeout: 240_000 },
    async () => {
      const file = longRecording(dir, 'long', [...SENTENCES, ...SENTENCES, ...SENTENCES], 1);
      const speech = await decodeSpeech(read(file), { maxDurationSeconds: 3600 });
      expect(speech.chunks.length).toBeGreaterThanOrEqual(3);
      const progress: number[] = [];
      const parallel = await engine.transcribePcm({
        pcm: speech.pcm,
        chunks: speech.chunks,
        onProgress: (p) => progress.push(p),
      });
      const serial = await single.transcribePcm({ pcm: speech.pcm, chunks: speech.chunks });
      const words = parallel.segments.flatMap((s) => s.words);
      for (let i = 1; i < words.length; i++)
        expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end - 1e-9);
      const serialWords = serial.segments.flatMap((s) => s.words);
      expect(words.map((w) => w.word)).toEqual(serialWords.map((w) => w.word));
      words.forEach((w, i) => expect(Math.abs(w.start - serialWords[i]!.start)).toBeLessThanOrEqual(0.02));
      expect(progress.at(-1)).toBe(1);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
      const heard = SENTENCES.flatMap((s) => s.keywords);
      expect(keywordRecall(heard, parallel.text)).toBeGreaterThanOrEqual(0.8);
    },
  );
});
