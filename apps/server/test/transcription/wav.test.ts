import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeWav } from '../../src/transcription/audio/wav.ts';
import { FixtureDir, read, sox } from './support/speech.ts';
import { type Encoding, ascii, buildWav, encodeSamples, fmtChunk, riff } from './support/wav-builder.ts';

// Full-range, asymmetric test signals: a sine and a sawtooth.
const left = Float32Array.from({ length: 480 }, (_, i) => 0.9 * Math.sin(i / 7));
const right = Float32Array.from({ length: 480 }, (_, i) => ((i % 50) / 25 - 1) * 0.8);

function expectClose(actual: Float32Array, expected: Float32Array, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i]! - expected[i]!));
  expect(worst).toBeLessThanOrEqual(tolerance);
}

function decodeError(bytes: Uint8Array): AudioDecodeError {
  try {
    decodeWav(bytes);
  } catch (error) {
    if (error instanceof AudioDecodeError) return error;
    throw error;
  }
  throw new Error('expected decodeWav to throw');
}

// Two steps of the integer grid: rounding, plus the writer scaling by 2^(n-1) - 1
// where the decoder divides by 2^(n-1).
const quantisation: Record<Encoding, number> = {
  uint8: 2 / 127,
  int16: 2 / 32767,
  int24: 2 / 8388607,
  int32: 1e-7,
  float32: 0,
  float64: 0,
};

describe('decodeWav', () => {
  describe.each(Object.keys(quantisation) as Encoding[])('%s', (encoding) => {
    it('decodes stereo samples to the values that were written', () => {
      const audio = decodeWav(buildWav([left, right], { encoding, sampleRate: 22050 }));
      expect(audio.sampleRate).toBe(22050);
      expect(audio.channels).toHaveLength(2);
      expectClose(audio.channels[0]!, left, quantisation[encoding]);
      expectClose(audio.channels[1]!, right, quantisation[encoding]);
    });

    it('decodes the same samples from a WAVE_FORMAT_EXTENSIBLE header', () => {
      const audio = decodeWav(buildWav([left], { encoding, sampleRate: 48000, extensible: true }));
      expectClose(audio.channels[0]!, left, quantisation[encoding]);
    });

    it('decodes big-endian RIFX files', () => {
      const audio = decodeWav(buildWav([left], { encoding, sampleRate: 8000, bigEndian: true }));
      expectClose(audio.channels[0]!, left, quantisation[encoding]);
    });
  });

  it('decodes any number of channels', () => {
    const six = Array.from({ length: 6 }, (_, c) => left.map((s) => s * (c + 1) * 0.1));
    const audio = decodeWav(buildWav(six, { encoding: 'int16', sampleRate: 48000, extensible: true }));
    expect(audio.channels).toHaveLength(6);
    audio.channels.forEach((channel, c) => expectClose(channel, six[c]!, 2 / 32767));
  });

  it('reads 24-bit audio stored in 32-bit containers', () => {
    for (const extensible of [true, false]) {
      const spec = { encoding: 'int24', sampleRate: 16000, containerBytes: 4, extensible } as const;
      const audio = decodeWav(buildWav([left, right], spec));
      expectClose(audio.channels[1]!, right, 2 / 8388607);
    }
  });

  it('skips unknown chunks before and after the audio', () => {
    const spec = { encoding: 'int16', channels: 1, sampleRate: 16000 } as const;
    const bytes = riff([
      { id: 'JUNK', body: new Uint8Array(28) },
      fmtChunk(spec),
      { id: 'LIST', body: ascii('INFOISFT\u0005\u0000\u0000\u0000sox\u0000\u0000') },
      { id: 'data', body: encodeSamples([left], spec) },
      { id: 'id3 ', body: new Uint8Array(10) },
    ]);
    expectClose(decodeWav(bytes).channels[0]!, left, 2 / 32767);
  });

  it('finds the format chunk when it comes after the audio', () => {
    const spec = { encoding: 'int16', channels: 1, sampleRate: 16000 } as const;
    const bytes = riff([{ id: 'data', body: encodeSamples([left], spec) }, fmtChunk(spec)]);
    expectClose(decodeWav(bytes).channels[0]!, left, 2 / 32767);
  });

  it('handles odd-sized chunks with and without the pad byte', () => {
    const spec = { encoding: 'int16', channels: 1, sampleRate: 16000 } as const;
    for (const omitPad of [false, true]) {
      const bytes = riff([
        fmtChunk(spec),
        { id: 'note', body: ascii('odd'), omitPad },
        { id: 'data', body: encodeSamples([left], spec) },
      ]);
      expectClose(decodeWav(bytes).channels[0]!, left, 2 / 32767);
    }
  });

  it('clamps placeholder and oversized data sizes from streaming recorders to what is present', () => {
    const spec = { encoding: 'int16', channels: 2, sampleRate: 16000 } as const;
    const body = encodeSamples([left, right], spec);
    for (const declaredSize of [0xffffffff, body.length * 10]) {
      const audio = decodeWav(riff([fmtChunk(spec), { id: 'data', body, declaredSize }]));
      expectClose(audio.channels[0]!, left, 2 / 32767);
      expectClose(audio.channels[1]!, right, 2 / 32767);
    }
  });

  it('drops a trailing partial frame of a recording cut mid-sample', () => {
    const spec = { encoding: 'int16', channels: 2, sampleRate: 16000 } as const;
    const body = encodeSamples([left, right], spec);
    const cut = riff([fmtChunk(spec), { id: 'data', body: body.subarray(0, body.length - 3) }]);
    expect(decodeWav(cut).channels[0]).toHaveLength(left.length - 1);
  });

  it('reads audio after a data size of 0 that the recorder never filled in', () => {
    const spec = { encoding: 'int16', channels: 1, sampleRate: 16000 } as const;
    const bytes = riff([fmtChunk(spec), { id: 'data', body: encodeSamples([left], spec), declaredSize: 0 }]);
    expectClose(decodeWav(bytes).channels[0]!, left, 2 / 32767);
  });

  it('reads RF64 files whose data size lives in the ds64 chunk', () => {
    const spec = { encoding: 'int16', channels: 1, sampleRate: 16000 } as const;
    const body = encodeSamples([left], spec);
    const ds64 = new Uint8Array(28);
    new DataView(ds64.buffer).setUint32(8, body.length, true);
    const bytes = riff(
      [
        { id: 'ds64', body: ds64 },
        fmtChunk(spec),
        { id: 'data', body, declaredSize: 0xffffffff },
        { id: 'LIST', body: new Uint8Array(16) },
      ],
      { magic: 'RF64' },
    );
    expectClose(decodeWav(bytes).channels[0]!, left, 2 / 32767);
  });

  describe('refuses what it cannot read, with a stable code', () => {
    const spec = { encoding: 'int16', channels: 1, sampleRate: 16000 } as const;

    it.each([
      ['random bytes', Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)],
      ['an Ogg file', ascii('OggS\u0000\u0002\u0000\u0000\u0000\u0000\u0000\u0000')],
      ['an AVI file', ascii('RIFF\u0010\u0000\u0000\u0000AVI LIST')],
    ])('%s: not_wav', (_name, bytes) => {
      const error = decodeError(bytes);
      expect(error.code).toBe('not_wav');
      expect(error.message).toBe('The file is not a WAV recording.');
      expect(error.name).toBe('AudioDecodeError');
    });

    it('an empty data chunk: empty_audio', () => {
      const error = decodeError(riff([fmtChunk(spec), { id: 'data', body: new Uint8Array(0) }]));
      expect(error.code).toBe('empty_audio');
      expect(error.message).toBe('The recording is empty.');
    });

    it('a header-only file from a recorder that never wrote audio: empty_audio', () => {
      const bytes = riff([fmtChunk(spec), { id: 'data', body: new Uint8Array(0), declaredSize: 0xffffffff }]);
      expect(decodeError(bytes).code).toBe('empty_audio');
    });

    it('a header that promises audio that is not there: truncated', () => {
      const bytes = riff([fmtChunk(spec), { id: 'data', body: new Uint8Array(0), declaredSize: 32000 }]);
      expect(decodeError(bytes).code).toBe('truncated');
    });

    it('a file cut off inside the format chunk: truncated', () => {
      const whole = buildWav([left], { encoding: 'int16', sampleRate: 16000 });
      expect(decodeError(whole.subarray(0, 30)).code).toBe('truncated');
      expect(decodeError(whole.subarray(0, 9)).code).toBe('truncated');
    });

    it('no format chunk: not_wav', () => {
      expect(decodeError(riff([{ id: 'data', body: encodeSamples([left], spec) }])).code).toBe('not_wav');
    });

    it.each([
      ['µ-law', fmtChunk({ ...spec, encoding: 'uint8', tag: 7 }), /µ-law/],
      ['MP3', fmtChunk({ ...spec, tag: 0x55 }), /MP3/],
      ['12-byte floats', { id: 'fmt ', body: patchedFormat(3, 96) }, /96-bit/],
    ])('%s: unsupported_encoding', (_name, fmt, mention) => {
      const error = decodeError(riff([fmt, { id: 'data', body: new Uint8Array(64) }]));
      expect(error.code).toBe('unsupported_encoding');
      expect(error.message).toMatch(mention);
    });

    it('an extensible header with a vendor codec GUID: unsupported_encoding', () => {
      const fmt = fmtChunk({ ...spec, extensible: true });
      fmt.body[30] = 0x42;
      expect(decodeError(riff([fmt, { id: 'data', body: new Uint8Array(64) }])).code).toBe(
        'unsupported_encoding',
      );
    });
  });
});

function patchedFormat(tag: number, bits: number): Uint8Array {
  const body = fmtChunk({ encoding: 'int16', channels: 1, sampleRate: 16000 }).body;
  const view = new DataView(body.buffer);
  view.setUint16(0, tag, true);
  view.setUint16(12, bits / 8, true);
  view.setUint16(14, bits, true);
  return body;
}

describe('decodeWav on files written by sox', () => {
  const dir = new FixtureDir();
  afterAll(() => dir.remove());
  const reference = dir.file('reference.wav');
  sox(
    '-n',
    '-r',
    '44100',
    '-c',
    '2',
    '-b',
    '16',
    reference,
    'synth',
    '0.5',
    'sine',
    '440',
    'sine',
    '660',
    'vol',
    '0.5',
  );
  const expected = decodeWav(read(reference));

  it.each([
    ['8-bit unsigned', ['-b', '8', '-e', 'unsigned-integer'], 1 / 64],
    ['24-bit (extensible)', ['-b', '24'], 1e-4],
    ['32-bit float', ['-b', '32', '-e', 'floating-point'], 1e-4],
    ['64-bit float', ['-b', '64', '-e', 'floating-point'], 1e-4],
  ])('%s decodes like the 16-bit original', (_name, args, tolerance) => {
    const out = dir.file(`variant-${args.join('')}.wav`);
    sox('-D', reference, ...args, out); // -D: no dither, so samples stay comparable
    const audio = decodeWav(read(out));
    expect(audio.sampleRate).toBe(44100);
    expectClose(audio.channels[0]!, expected.channels[0]!, tolerance);
    expectClose(audio.channels[1]!, expected.channels[1]!, tolerance);
  });

  it('decodes a file streamed by ffmpeg to a pipe (sizes never filled in)', () => {
    const piped = execFileSync('ffmpeg', ['-v', 'error', '-i', reference, '-f', 'wav', 'pipe:1']);
    const audio = decodeWav(new Uint8Array(piped));
    expectClose(audio.channels[0]!, expected.channels[0]!, 0);
  });
});
