/**
 * The one zip writer: entries stored as they are (no compression), written in order as a byte
 * stream that is never held whole. Entries of known bytes carry their sizes and CRC in the
 * local header; streamed entries (audio from blob storage) are followed by a data descriptor.
 * ZIP64 records are written where a size, an offset or the entry count passes the classic
 * format's limits, so an account of any size exports. Only the central directory (one small
 * record per entry) is kept in memory until the end.
 */
import { crc32 } from 'node:zlib';

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** Stored, no compression: audio is compressed already, and text is small beside it. */
const METHOD_STORE = 0;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const VERSION_20 = 20;
const VERSION_ZIP64 = 45;
/** "Made by" Unix, so the external attributes below are read as a Unix mode. */
const MADE_BY_UNIX = (3 << 8) | VERSION_ZIP64;
/** A regular file, rw-r--r--. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

interface CentralRecord {
  name: Buffer;
  flags: number;
  crc: number;
  size: number;
  offset: number;
  dosTime: number;
  dosDate: number;
}

/** A streamed entry's bytes went past what its header allowed (no ZIP64 announced). */
export class ZipEntryTooLarge extends Error {
  override name = 'ZipEntryTooLarge';
}

export interface ZipWriterOptions {
  /** Announce ZIP64 for every streamed entry and the end records (tests of the ZIP64 path). */
  forceZip64?: boolean;
}

/**
 * Writes entries one after another; each method yields the bytes to send. Use it from one
 * async generator: `yield* zip.file(...)`, `yield* zip.stream(...)`, then `yield* zip.end()`.
 */
export class ZipWriter {
  private offset = 0;
  private readonly records: CentralRecord[] = [];

  constructor(private readonly options: ZipWriterOptions = {}) {}

  /** Bytes written so far. */
  get bytesWritten(): number {
    return this.offset;
  }

  /** An entry whose bytes are all at hand (a transcript, the manifest). */
  *file(name: string, data: Buffer, modified = new Date()): Generator<Buffer> {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const { dosTime, dosDate } = dosDateTime(modified);
    const zip64 = data.length >= MAX_32 || this.options.forceZip64 === true;
    const record: CentralRecord = {
      name: nameBytes,
      flags: FLAG_UTF8,
      crc,
      size: data.length,
      offset: this.offset,
      dosTime,
      dosDate,
    };
    const extra = zip64 ? zip64Extra([data.length, data.length]) : Buffer.alloc(0);
    const header = localHeader(record, zip64 ? MAX_32 : data.length, crc, extra, zip64);
    this.records.push(record);
    yield* this.emit(header, nameBytes, extra, data);
  }

  /**
   * An entry streamed from `source` (audio). `expectedSize` decides whether ZIP64 sizes are
   * announced; the real sizes and CRC follow in the data descriptor. `onChunk` sees every byte
   * (a digest for the manifest).
   */
  async *stream(
    name: string,
    source: AsyncIterable<Buffer>,
    { expectedSize, modified = new Date() }: { expectedSize: number; modified?: Date },
    onChunk?: (chunk: Buffer) => void,
  ): AsyncGenerator<Buffer> {
    const nameBytes = Buffer.from(name, 'utf8');
    const { dosTime, dosDate } = dosDateTime(modified);
    const zip64 = expectedSize >= MAX_32 || this.options.forceZip64 === true;
    const record: CentralRecord = {
      name: nameBytes,
      flags: FLAG_UTF8 | FLAG_DATA_DESCRIPTOR,
      crc: 0,
      size: 0,
      offset: this.offset,
      dosTime,
      dosDate,
    };
    const extra = zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0);
    yield* this.emit(localHeader(record, zip64 ? MAX_32 : 0, 0, extra, zip64), nameBytes, extra);
    let crc = 0;
    let size = 0;
    for await (const chunk of source) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!zip64 && size >= MAX_32) throw new ZipEntryTooLarge(`${name} grew past 4 GiB`);
      onChunk?.(chunk);
      this.offset += chunk.length;
      yield chunk;
    }
    record.crc = crc;
    record.size = size;
    this.records.push(record);
    yield* this.emit(dataDescriptor(crc, size, zip64));
  }

  /** The central directory and end records; the zip is complete after these bytes. */
  *end(): Generator<Buffer> {
    const start = this.offset;
    for (const record of this.records) yield* this.emit(...centralHeader(record, this.options.forceZip64));
    const size = this.offset - start;
    const count = this.records.length;
    const zip64 = count >= MAX_16 || size >= MAX_32 || start >= MAX_32 || this.options.forceZip64 === true;
    if (zip64) {
      const endAt = this.offset;
      yield* this.emit(zip64EndRecord(count, size, start), zip64Locator(endAt));
    }
    yield* this.emit(endRecord(count, size, start, zip64));
  }

  private *emit(...parts: Buffer[]): Generator<Buffer> {
    for (const part of parts) {
      if (part.length === 0) continue;
      this.offset += part.length;
      yield part;
    }
  }
}

function localHeader(
  record: CentralRecord,
  size: number,
  crc: number,
  extra: Buffer,
  zip64: boolean,
): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_20, 4);
  header.writeUInt16LE(record.flags, 6);
  header.writeUInt16LE(METHOD_STORE, 8);
  header.writeUInt16LE(record.dosTime, 10);
  header.writeUInt16LE(record.dosDate, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(record.name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return header;
}

function dataDescriptor(crc: number, size: number, zip64: boolean): Buffer {
  const descriptor = Buffer.alloc(zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  if (zip64) {
    descriptor.writeBigUInt64LE(BigInt(size), 8);
    descriptor.writeBigUInt64LE(BigInt(size), 16);
  } else {
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
  }
  return descriptor;
}

/** The ZIP64 extended information field (0x0001) holding the given 8-byte values in order. */
function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

function centralHeader(record: CentralRecord, force = false): Buffer[] {
  // Only the fields that do not fit go into the ZIP64 field, in the order the spec gives.
  const sizeTooBig = record.size >= MAX_32 || force;
  const offsetTooBig = record.offset >= MAX_32 || force;
  const big = [...(sizeTooBig ? [record.size, record.size] : []), ...(offsetTooBig ? [record.offset] : [])];
  const extra = big.length > 0 ? zip64Extra(big) : Buffer.alloc(0);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX, 4);
  header.writeUInt16LE(big.length > 0 ? VERSION_ZIP64 : VERSION_20, 6);
  header.writeUInt16LE(record.flags, 8);
  header.writeUInt16LE(METHOD_STORE, 10);
  header.writeUInt16LE(record.dosTime, 12);
  header.writeUInt16LE(record.dosDate, 14);
  header.writeUInt32LE(record.crc, 16);
  header.writeUInt32LE(sizeTooBig ? MAX_32 : record.size, 20);
  header.writeUInt32LE(sizeTooBig ? MAX_32 : record.size, 24);
  header.writeUInt16LE(record.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(offsetTooBig ? MAX_32 : record.offset, 42);
  return [header, record.name, extra];
}

function zip64EndRecord(count: number, size: number, start: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // size of the rest of this record
  record.writeUInt16LE(MADE_BY_UNIX, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeUInt32LE(0, 16);
  record.writeUInt32LE(0, 20);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  return record;
}

function zip64Locator(endRecordAt: number): Buffer {
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeUInt32LE(0, 4);
  locator.writeBigUInt64LE(BigInt(endRecordAt), 8);
  locator.writeUInt32LE(1, 16);
  return locator;
}

/** With ZIP64, every field says "see the ZIP64 record", so readers take the figures from there. */
function endRecord(count: number, size: number, start: number, zip64: boolean): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(0, 4);
  record.writeUInt16LE(0, 6);
  record.writeUInt16LE(zip64 ? MAX_16 : count, 8);
  record.writeUInt16LE(zip64 ? MAX_16 : count, 10);
  record.writeUInt32LE(zip64 ? MAX_32 : size, 12);
  record.writeUInt32LE(zip64 ? MAX_32 : start, 16);
  record.writeUInt16LE(0, 20);
  return record;
}

/** MS-DOS date and time in UTC (the format has no zone; 1980 is its earliest year). */
function dosDateTime(date: Date): { dosTime: number; dosDate: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    dosTime: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    dosDate: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}
