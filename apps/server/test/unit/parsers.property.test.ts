/**
 * Every parser that reads untrusted bytes or text, against generated input: it throws
 * nothing but its declared error, answers within a deadline, returns output bounded by its
 * input, and gives back what its writer wrote where there is a writer to pair it with.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '@voxpad/shared/search';
import { decodeCursor, encodeCursor } from '../../src/lib/cursor.ts';
import { isId, newId } from '../../src/lib/ids.ts';
import { decodeSearchCursor, encodeSearchCursor } from '../../src/search/search-cursor.ts';
import {
  fts5Match,
  fts5PrefixMatch,
  parseSearchTerms,
  tsqueryPrefixText,
  tsqueryText,
} from '../../src/search/search-query.ts';
import { AudioDecodeError } from '../../src/transcription/audio/errors.ts';
import { decodeWav, readWavHeader } from '../../src/transcription/audio/wav.ts';
import { MAX_SNIFF_BYTES, sniffAudio, sniffLength } from '../../src/transcription/audio/audio-format.ts';
import { inspectAudio } from '../../src/transcription/audio/audio-inspection.ts';
import { parseRange } from '../../src/voice-notes/audio-response.ts';
import { attachmentFileName } from '../../src/voice-notes/content-disposition.ts';
import { type Encoding, buildWav, fmtChunk, riff } from '../transcription/support/wav-builder.ts';
import { adtsFrames, concat, id3Tag, lookalikeBytes, mpegFrames } from './support/audio-arbitraries.ts';

/** Far above what any of these parsers needs, far below what a runaway regex or loop takes. */
const DEADLINE_MS = 250;

/**
 * Runs `parse`, failing if it took longer than the deadline; returns what it returned. A call
 * over the deadline is run twice more and the fastest counts: a runaway loop is slow every
 * time, while a machine busy with other work stalled one 8-byte sniff for 320 ms once (the
 * fresh-clone run at load 9).
 */
function timed<T>(parse: () => T): T {
  const once = (): number => {
    const started = performance.now();
    try {
      parse();
    } catch {
      // What it throws is the caller's to judge, from the first call.
    }
    return performance.now() - started;
  };
  const started = performance.now();
  try {
    return parse();
  } finally {
    let fastest = performance.now() - started;
    for (let retry = 0; retry < 2 && fastest >= DEADLINE_MS; retry++) fastest = Math.min(fastest, once());
    expect(fastest).toBeLessThan(DEADLINE_MS);
  }
}

/** `parse`'s result, or the AudioDecodeError it threw; any other error fails the property. */
function audioParse<T>(parse: () => T): T | AudioDecodeError {
  try {
    return timed(parse);
  } catch (error) {
    if (error instanceof AudioDecodeError) return error;
    throw error;
  }
}

/** Text as it arrives in headers and query strings: any code unit, lone surrogates included. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: fc.constantFrom(...'bytes=-0123456789, ;"\'*\\/:aAzZ%'.split('')), maxLength: 60 }),
  fc.string({ maxLength: 20 }).map((s) => s.repeat(50)),
);

describe('audio sniffing (audio-format.ts, audio-inspection.ts)', () => {
  const anyBytes = fc.oneof(fc.uint8Array({ maxLength: 4096 }), lookalikeBytes);

  it('never throws, and asks for a bounded number of bytes', () => {
    fc.assert(
      fc.property(anyBytes, (bytes) => {
        const sniffed = timed(() => sniffAudio(bytes));
        if (sniffed) expect(sniffed.format.demuxer).toMatch(/^(wav|matroska|ogg|mp3|mov|aac|flac)$/);
        const wanted = timed(() => sniffLength(bytes));
        expect(wanted).toBeGreaterThan(0);
        expect(wanted).toBeLessThanOrEqual(MAX_SNIFF_BYTES);
      }),
      { numRuns: 2000 },
    );
  });

  it('inspection throws nothing but AudioDecodeError', () => {
    fc.assert(
      fc.property(anyBytes, (bytes) => {
        audioParse(() => inspectAudio(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it('recognises MPEG audio frames, behind ID3 tags too, and nothing else there', () => {
    fc.assert(
      fc.property(mpegFrames, fc.option(fc.integer({ min: 0, max: 3000 })), (frames, tag) => {
        const bytes = tag === null ? frames : concat([id3Tag(tag), frames]);
        expect(sniffAudio(bytes)?.format.mime).toBe('audio/mpeg');
        // What an attacker put behind a tag instead: a playlist, or a lone frame header.
        const playlist = new TextEncoder().encode('#EXTM3U\n#EXTINF:1,\n/etc/passwd\n');
        expect(sniffAudio(concat([id3Tag(tag ?? 0), playlist]))).toBeUndefined();
        expect(sniffAudio(concat([id3Tag(tag ?? 0), frames.subarray(0, 4), playlist]))).toBeUndefined();
      }),
    );
  });

  it('recognises ADTS frames, behind ID3 tags too', () => {
    fc.assert(
      fc.property(adtsFrames, fc.option(fc.integer({ min: 0, max: 3000 })), (frames, tag) => {
        const bytes = tag === null ? frames : concat([id3Tag(tag), frames]);
        expect(sniffAudio(bytes)?.format.mime).toBe('audio/aac');
      }),
    );
  });
});

const ENCODINGS: Encoding[] = ['uint8', 'int16', 'int24', 'int32', 'float32', 'float64'];
const QUANTUM: Record<Encoding, number> = {
  uint8: 2 / 127,
  int16: 2 / 32767,
  int24: 2 / 8388607,
  int32: 1e-7,
  float32: 1e-7,
  float64: 0,
};

describe('WAV headers and samples (wav.ts)', () => {
  const spec = fc.record({
    encoding: fc.constantFrom(...ENCODINGS),
    sampleRate: fc.integer({ min: 4000, max: 384_000 }),
    channels: fc.integer({ min: 1, max: 8 }),
    frames: fc.integer({ min: 1, max: 200 }),
    extensible: fc.boolean(),
    bigEndian: fc.boolean(),
  });

  it('reads back what was written: format, duration and samples', () => {
    fc.assert(
      fc.property(spec, ({ encoding, sampleRate, channels, frames, extensible, bigEndian }) => {
        const written = Array.from({ length: channels }, (_, c) =>
          Float32Array.from({ length: frames }, (_, i) => Math.sin((i + 1) * (c + 1)) * 0.9),
        );
        const bytes = buildWav(written, { encoding, sampleRate, extensible, bigEndian });
        const dataBytes = frames * channels * width(encoding);
        const dataOffset = 12 + 8 + (extensible ? 40 : 16) + 8;
        expect(readWavHeader(bytes)).toEqual({
          sampleRate,
          channels,
          byteRate: sampleRate * channels * width(encoding),
          dataOffset,
          dataBytes,
        });
        const audio = decodeWav(bytes);
        expect(audio.sampleRate).toBe(sampleRate);
        audio.channels.forEach((channel, c) => {
          expect(channel).toHaveLength(frames);
          channel.forEach((sample, i) =>
            expect(Math.abs(sample - written[c]![i]!)).toBeLessThanOrEqual(QUANTUM[encoding]),
          );
        });
      }),
      { numRuns: 300 },
    );
  });

  /** A RIFF file of random chunks, sometimes with a genuine format chunk among them. */
  const chunks = fc.array(
    fc.oneof(
      fc.record({
        id: fc.constantFrom('fmt ', 'data', 'LIST', 'JUNK', 'ds64', 'fact'),
        body: fc.uint8Array({ maxLength: 64 }),
        declaredSize: fc.option(fc.constantFrom(0, 1, 15, 16, 40, 0x7fffffff, 0xffffffff), {
          nil: undefined,
        }),
      }),
      spec.map((s) => fmtChunk(s)),
    ),
    { maxLength: 6 },
  );
  const riffBytes = fc
    .tuple(chunks, fc.constantFrom('RIFF', 'RIFX', 'RF64'), fc.uint8Array({ maxLength: 256 }))
    .map(([list, magic, tail]) => concat([riff(list, { magic, bigEndian: magic === 'RIFX' }), tail]));

  it('throws nothing but AudioDecodeError, and never returns more samples than bytes', () => {
    fc.assert(
      fc.property(fc.oneof(riffBytes, fc.uint8Array({ maxLength: 512 })), (bytes) => {
        audioParse(() => readWavHeader(bytes));
        const decoded = audioParse(() => decodeWav(bytes));
        if (decoded instanceof AudioDecodeError) return;
        const samples = decoded.channels.reduce((n, channel) => n + channel.length, 0);
        expect(samples).toBeLessThanOrEqual(bytes.length);
        expect(decoded.sampleRate).toBeGreaterThanOrEqual(4000);
        expect(decoded.sampleRate).toBeLessThanOrEqual(384_000);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts no header whose byte rate is not the sample rate times the frame size', () => {
    fc.assert(
      fc.property(
        spec,
        fc.integer({ min: 0, max: 0xffffffff }),
        ({ encoding, sampleRate, channels }, byteRate) => {
          const fmt = fmtChunk({ encoding, sampleRate, channels });
          new DataView(fmt.body.buffer).setUint32(8, byteRate, true);
          const header = audioParse(() =>
            readWavHeader(riff([fmt, { id: 'data', body: new Uint8Array(64) }])),
          );
          const consistent = byteRate === sampleRate * channels * width(encoding);
          expect(header instanceof AudioDecodeError).toBe(!consistent);
        },
      ),
    );
  });
});

function width(encoding: Encoding): number {
  return { uint8: 1, int16: 2, int24: 3, int32: 4, float32: 4, float64: 8 }[encoding];
}

describe('Range headers (audio-response.ts)', () => {
  const size = fc.integer({ min: 0, max: 2 ** 40 });

  it('never throws; a range always lies within the file', () => {
    fc.assert(
      fc.property(anyText, size, (header, total) => {
        const range = timed(() => parseRange(header, total));
        if (range === undefined || range === 'unsatisfiable') return;
        expect(Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end)).toBe(true);
        expect(0 <= range.start && range.start <= range.end && range.end < total).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads back the ranges a player asks for', () => {
    fc.assert(
      fc.property(
        size.filter((n) => n > 0),
        fc.nat(),
        fc.nat(),
        (total, a, b) => {
          const start = a % total;
          const end = start + (b % (total - start));
          expect(parseRange(`bytes=${start}-${end}`, total)).toEqual({ start, end });
          expect(parseRange(`bytes=${start}-`, total)).toEqual({ start, end: total - 1 });
          const suffix = (b % total) + 1;
          expect(parseRange(`bytes=-${suffix}`, total)).toEqual({ start: total - suffix, end: total - 1 });
        },
      ),
    );
  });
});

describe('page cursors (lib/cursor.ts, search/search-cursor.ts)', () => {
  const idChars = fc.string({
    unit: fc.constantFrom(...'0123456789abcdefghjkmnpqrstvwxyz'.split('')),
    minLength: 26,
    maxLength: 26,
  });

  it('list cursors never throw and only ever name an id-shaped string', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const cursor = timed(() => decodeCursor(raw));
        if (cursor) expect(cursor.id).toMatch(/^[0-9a-z]{26}$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('list cursors read back what was written', () => {
    fc.assert(
      fc.property(idChars, fc.constantFrom('after' as const, 'before' as const), (id, direction) => {
        expect(decodeCursor(encodeCursor({ direction, id }))).toEqual({ direction, id });
      }),
    );
  });

  it('search cursors never throw, stay within the deepest page and read back', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const offset = timed(() => decodeSearchCursor(raw));
        if (offset !== undefined) expect(offset >= 0 && offset <= SEARCH_LIMITS.offsetMax).toBe(true);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SEARCH_LIMITS.offsetMax }), (offset) => {
        expect(decodeSearchCursor(encodeSearchCursor(offset))).toBe(offset);
      }),
    );
  });
});

describe('search queries (search-query.ts)', () => {
  // The FTS5 tables migration 0003 makes: queries built from any text must run on them.
  const sqlite = new Database(':memory:');
  sqlite.exec(`CREATE VIRTUAL TABLE stems USING fts5(owner_id, title, transcript,
    tokenize='porter unicode61 remove_diacritics 2')`);
  sqlite.exec(`CREATE VIRTUAL TABLE words USING fts5(owner_id, title, transcript,
    tokenize='unicode61 remove_diacritics 2', prefix='2 3')`);
  sqlite.prepare('INSERT INTO stems VALUES (?, ?, ?)').run('owner', 'Groceries', 'milk and bread');
  const stems = sqlite.prepare('SELECT count(*) AS n FROM stems WHERE stems MATCH ?');
  const words = sqlite.prepare('SELECT count(*) AS n FROM words WHERE words MATCH ?');
  const query = fc.oneof(
    anyText,
    fc.string({
      unit: fc.constantFrom(...'"*:&|!()<->^-+NEARORANDNOT ab\u00e9\u0130\ufdfa'.split('')),
      maxLength: 80,
    }),
  );

  it('never throws, keeps only words, at most 16 of them, and builds queries SQLite runs', () => {
    fc.assert(
      fc.property(query, (raw) => {
        const terms = timed(() => parseSearchTerms(raw));
        const all = [...terms.phrases.flat(), ...(terms.prefix ? [terms.prefix] : [])];
        expect(all.length).toBeLessThanOrEqual(16);
        for (const word of all) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
        // NFKC can lengthen text (one ligature becomes up to 18 letters), never beyond that.
        expect(all.join('').length).toBeLessThanOrEqual(18 * raw.length);
        if (terms.phrases.length > 0) {
          stems.get(fts5Match('owner', ['title', 'transcript'], terms.phrases));
          expect(tsqueryText(terms.phrases)).not.toMatch(/[^\p{L}\p{N} ()<>&-]/u);
        }
        if (terms.prefix) {
          words.get(fts5PrefixMatch('owner', ['title', 'transcript'], terms.prefix));
          expect(tsqueryPrefixText(terms.prefix)).toMatch(/^[\p{L}\p{N}]+:\*$/u);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('ids (lib/ids.ts)', () => {
  it('isId never throws and accepts only 26 characters of the id alphabet', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        if (timed(() => isId(value))) expect(value).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('every id made is an id, and ids made one after another increase, whatever the clock says', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 48 - 1 }), { minLength: 1, maxLength: 20 }),
        (times) => {
          const ids = times.map((time) => newId(time));
          for (const id of ids) expect(isId(id)).toBe(true);
          for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
        },
      ),
    );
  });
});

describe('Content-Disposition (content-disposition.ts)', () => {
  const fileName = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 100 })
    .filter((name) => !/[\\/\p{Cc}]/u.test(name) && name.trim() === name && name.length > 0);

  it('never throws and returns a bare file name of 1-255 characters, or nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          anyText.map((t) => `attachment; ${t}`),
        ),
        (header) => {
          const name = timed(() => attachmentFileName(header));
          if (typeof name !== 'string') return;
          expect(name.length).toBeGreaterThan(0);
          expect(name.length).toBeLessThanOrEqual(255);
          expect(name).not.toMatch(/[\\/]/);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps a semicolon inside a quoted name (found by the property below)', () => {
    expect(attachmentFileName('attachment; filename="a;b.wav"')).toBe('a;b.wav');
  });

  it('reads back the names browsers and clients write, quoted or percent-encoded', () => {
    fc.assert(
      fc.property(fileName, (name) => {
        const quoted = name.replace(/["\\]/g, '\\$&');
        expect(attachmentFileName(`attachment; filename="${quoted}"`)).toBe(name);
        expect(attachmentFileName(`attachment; filename*=UTF-8''${encodeURIComponent(name)}`)).toBe(name);
        expect(
          attachmentFileName(
            `attachment; filename="fallback.wav"; filename*=UTF-8''${encodeURIComponent(name)}`,
          ),
        ).toBe(name);
      }),
      { numRuns: 1000 },
    );
  });
});
