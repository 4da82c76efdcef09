/**
 * Reading a zip someone sent (yauzl over a file on disk: the central directory needs random
 * access). Everything a hostile zip can try is refused here, before any entry is used: too many
 * entries, more uncompressed bytes than allowed (zip bombs: the declared sizes are summed, and
 * yauzl fails a stream that inflates past its declared size), names that leave the root
 * (`../`, absolute paths, drive letters, backslashes), symbolic links, encryption, and data that
 * does not match its CRC or ends early.
 */
import { crc32 } from 'node:zlib';
import { open as openFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';

export type ZipRefusalKind =
  | 'not_a_zip'
  | 'damaged'
  | 'unsafe_path'
  | 'symlink'
  | 'too_many_entries'
  | 'too_large_uncompressed'
  | 'encrypted';

/** Why a zip cannot be read; `name` is the entry at fault, when one is. */
export class ZipRefusal extends Error {
  override name = 'ZipRefusal';
  constructor(
    readonly kind: ZipRefusalKind,
    readonly entryName?: string,
    detail?: string,
  ) {
    super(detail ?? kind);
  }
}

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export interface ZipFileEntry {
  /** Relative, with forward slashes, checked to stay inside the root. */
  name: string;
  sizeBytes: number;
  crc32: number;
  entry: yauzl.Entry;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const HOST_UNIX = 3;

/** The zip's files (directories left out), checked against `limits`. */
export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly files: ZipFileEntry[],
  ) {}

  static async open(file: string, limits: ZipLimits): Promise<ZipArchive> {
    const zip = await openZip(file);
    try {
      if (zip.entryCount > limits.maxEntries) throw new ZipRefusal('too_many_entries');
      const files = await readEntries(zip, limits);
      return new ZipArchive(zip, files);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  find(name: string): ZipFileEntry | undefined {
    return this.files.find((file) => file.name === name);
  }

  /** The entry's bytes, failing with a ZipRefusal('damaged') when they do not match its CRC. */
  async read(file: ZipFileEntry): Promise<Readable> {
    const stream = await new Promise<Readable>((resolve, reject) => {
      this.zip.openReadStream(file.entry, (error, readStream) => {
        if (error) reject(new ZipRefusal('damaged', file.name, error.message));
        else resolve(readStream);
      });
    });
    return Readable.from(crcChecked(stream, file), { objectMode: false });
  }

  /** An entry small enough to hold (the manifest, a note's JSON), or a refusal past `maxBytes`. */
  async readText(file: ZipFileEntry, maxBytes: number): Promise<string> {
    if (file.sizeBytes > maxBytes) throw new ZipRefusal('too_large_uncompressed', file.name);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.read(file)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  close(): void {
    this.zip.close();
  }
}

async function openZip(file: string): Promise<yauzl.ZipFile> {
  try {
    return await new Promise<yauzl.ZipFile>((resolve, reject) => {
      yauzl.open(
        file,
        { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
        (error, zip) => (error ? reject(error) : resolve(zip)),
      );
    });
  } catch (error) {
    // A zip whose end was cut off still starts like one: damaged, not "not a zip".
    throw new ZipRefusal(
      (await startsLikeZip(file)) ? 'damaged' : 'not_a_zip',
      undefined,
      error instanceof Error ? error.message : String(error),
    );
  }
}

async function startsLikeZip(file: string): Promise<boolean> {
  const handle = await openFile(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

function readEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<ZipFileEntry[]> {
  return new Promise((resolve, reject) => {
    const files: ZipFileEntry[] = [];
    let entries = 0;
    let uncompressed = 0;
    const fail = (error: unknown) => {
      zip.removeAllListeners();
      reject(error instanceof ZipRefusal ? error : new ZipRefusal('damaged', undefined, String(error)));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(files));
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        entries += 1;
        if (entries > limits.maxEntries) throw new ZipRefusal('too_many_entries');
        const name = entryName(entry);
        if (
          entry.versionMadeBy >> 8 === HOST_UNIX &&
          ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK
        ) {
          throw new ZipRefusal('symlink', name);
        }
        if (entry.isEncrypted()) throw new ZipRefusal('encrypted', name);
        uncompressed += entry.uncompressedSize;
        if (uncompressed > limits.maxUncompressedBytes) throw new ZipRefusal('too_large_uncompressed', name);
        if (!name.endsWith('/')) {
          files.push({ name, sizeBytes: entry.uncompressedSize, crc32: entry.crc32, entry });
        }
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    zip.readEntry();
  });
}

/** The entry's name, refused when it could land outside the folder it is unpacked in. */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
  const unsafe =
    name === '' ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((part) => part === '..');
  if (unsafe) throw new ZipRefusal('unsafe_path', name);
  return name;
}

/** Passes the bytes on and fails at the end when they do not add up to the entry's CRC. */
async function* crcChecked(stream: Readable, file: ZipFileEntry): AsyncGenerator<Buffer> {
  let crc = 0;
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      crc = crc32(bytes, crc);
      yield bytes;
    }
  } catch (error) {
    throw error instanceof ZipRefusal ? error : new ZipRefusal('damaged', file.name, String(error));
  }
  if (crc !== file.crc32) throw new ZipRefusal('damaged', file.name, 'CRC mismatch');
}
