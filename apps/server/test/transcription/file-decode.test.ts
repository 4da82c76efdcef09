/**
 * Recordings decoded from their file (ADR 0056): a WAV read in pieces and a compressed file
 * handed to its decoder as it is give the same 16 kHz samples, chunks and peaks as the bytes did,
 * and the peaks are folded from those samples.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePeaks } from '@voxpad/shared/peaks';
import { createAudioDecoder } from '../../src/transcription/audio/audio-decoder.ts';
import { decodeSpeech, decodeSpeechStream } from '../../src/transcription/audio/decode-speech.ts';
import { foldPeaks, PeakFolder } from '../../src/transcription/audio/peak-folder.ts';
import type { SpeechChunk } from '../../src/transcription/audio/speech-chunker.ts';
import { toneWav } from '../support/wav.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-file-decode-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** 13 s of a 44.1 kHz tone (1.1 MB): more than one 1 MiB piece, the last one partial. */
function wavFile(): string {
  const file = path.join(dir, 'tone.wav');
  fs.writeFileSync(file, toneWav(13, 44100));
  return file;
}

describe('decoding from a file', () => {
  it('reads a WAV in pieces to the same samples and peaks as from its bytes', async () => {
    const file = wavFile();
    const options = { maxDurationSeconds: 60 };
    const fromBytes = await decodeSpeech(new Uint8Array(fs.readFileSync(file)), options);
    const fromFile = await decodeSpeech({ path: file }, options);
    expect(fromFile.durationSeconds).toBeCloseTo(13, 5);
    expect(Buffer.from(fromFile.pcm.buffer).equals(Buffer.from(fromBytes.pcm.buffer))).toBe(true);
    expect(fromFile.chunks).toEqual(fromBytes.chunks);
    expect(Buffer.from(fromFile.peaks).equals(Buffer.from(fromBytes.peaks))).toBe(true);
    expect(parsePeaks(fromFile.peaks)?.min.length).toBe(130);
  });

  it('streams chunks of a file through the decoding thread, with the peaks at the end', async () => {
    const wav = wavFile();
    const opus = path.join(dir, 'tone.ogg');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', opus]);
    const decoder = createAudioDecoder({ maxDurationSeconds: 60 });
    for (const file of [wav, opus]) {
      const recording = decoder.stream({ path: file });
      let samples = 0;
      for await (const chunk of recording.chunks) samples += chunk.pcm.length;
      const done = await recording.done;
      expect(done.samples).toBe(samples);
      expect(parsePeaks(done.peaks)?.min.length, file).toBe(Math.ceil(samples / 1600));
      // The file is read where it is: nothing is copied beside it.
      expect(fs.readdirSync(dir).sort()).toEqual(['tone.ogg', 'tone.wav']);
    }
  });

  it('says the length its header states before the first chunk, for progress', async () => {
    const wav = wavFile();
    const opus = path.join(dir, 'stated.ogg');
    const webm = path.join(dir, 'stated.webm');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', opus]);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', webm]);
    // A title that looks like ffmpeg's own line must not be taken for the length (WebM, which
    // ffmpeg reads; opusdec reads Opus in Ogg and prints no description).
    const titled = path.join(dir, 'titled.webm');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-i', webm, '-c', 'copy'],
      ...['-metadata', 'title=x\n  Duration: 09:00:00.00, start: 0', titled],
    ]);
    const decoder = createAudioDecoder({ maxDurationSeconds: 60 });
    for (const file of [wav, opus, webm, titled]) {
      const events: string[] = [];
      const recording = decoder.stream(
        { path: file },
        undefined,
        (seconds) => events.push(`decoded ${seconds.toFixed(1)}`),
        {},
        (seconds) => events.push(`stated ${seconds.toFixed(1)}`),
      );
      for await (const chunk of recording.chunks) if (chunk.pcm.length > 0) events.push('chunk');
      await recording.done;
      const first = events.findIndex((event) => event === 'chunk');
      expect(events[0], file).toBe('stated 13.0');
      expect(first, file).toBeGreaterThan(0);
      expect(
        events.filter((event) => event.startsWith('stated')),
        file,
      ).toHaveLength(1);
      // The decoded length comes once all of it has been read (for a recording this short,
      // before any chunk: the loudness window holds them back).
      expect(
        events.filter((event) => event.startsWith('decoded')),
        file,
      ).toEqual(['decoded 13.0']);
    }
    fs.rmSync(opus);
    fs.rmSync(webm);
    fs.rmSync(titled);
  });

  it('still fails a damaged file as damaged, through the decoding thread', async () => {
    const broken = path.join(dir, 'broken.ogg');
    const opus = path.join(dir, 'whole.ogg');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wavFile(), '-c:a', 'libopus', opus]);
    const whole = fs.readFileSync(opus);
    // The Ogg pages after the headers overwritten with noise: the decoder reads the headers,
    // then meets nothing it can decode (opus-decode.test.ts has the same for ffmpeg).
    const noise = Buffer.from(whole);
    for (let i = 4096; i < noise.length; i++) noise[i] = (i * 7919) & 0xff;
    fs.writeFileSync(broken, noise);
    const decoder = createAudioDecoder({ maxDurationSeconds: 60 });
    const recording = decoder.stream({ path: broken });
    const drain = async () => {
      for await (const chunk of recording.chunks) void chunk;
    };
    await expect(drain()).rejects.toMatchObject({ code: 'corrupt' });
    fs.rmSync(broken);
    fs.rmSync(opus);
  });

  it('folds the same peaks whatever the pieces, before the gain is applied', async () => {
    const pcm = new Int16Array(16000 * 2);
    for (let i = 0; i < pcm.length; i++) pcm[i] = i < 16000 ? Math.round(Math.sin(i / 5) * 20000) : 300;
    const folder = new PeakFolder();
    for (let at = 0; at < pcm.length; at += 777) folder.push(pcm.subarray(at, at + 777));
    const whole = foldPeaks(pcm);
    expect(Buffer.from(folder.finish()).equals(Buffer.from(whole))).toBe(true);
    const peaks = parsePeaks(whole)!;
    expect(peaks.max[0]).toBe(Math.ceil(20000 / 256));
    expect(peaks.min[0]).toBe(-Math.ceil(20000 / 256));
    // A faint constant sound is not rounded away to silence.
    expect(peaks.max[15]).toBe(2);

    const chunks: SpeechChunk[] = [];
    const streamed = await decodeSpeechStream(new Uint8Array(toneWav(2)), {
      maxDurationSeconds: 60,
      onChunk: (chunk) => chunks.push(chunk),
    });
    // toneWav is at 8000 of 32767: the peaks show that level, not the normalised one.
    expect(parsePeaks(streamed.peaks)!.max[5]).toBe(Math.ceil(8000 / 256));
  });
});
