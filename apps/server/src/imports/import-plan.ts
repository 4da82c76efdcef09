/**
 * What a zip holds to import, decided before anything is filed: a Voxpad export (its manifest
 * names each note's folder, recording and JSON) or a zip of recordings (every other file,
 * each tried as a recording). Every entry is read once here: a zip whose data does not match
 * its CRC, or an export whose recording does not match the manifest's SHA-256, is refused as
 * a whole before any note is made.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  EXPORT_FORMAT,
  EXPORT_SCHEMA_VERSION,
  type ExportedNoteEntry,
  exportManifestSchema,
  manifestHeadSchema,
  MANIFEST_FILE,
} from '@voxpad/shared/export-import';
import { SNIFF_BYTES, sniffAudio } from '../transcription/audio/audio-format.ts';
import { type ZipArchive, type ZipFileEntry, ZipRefusal } from '../zip/zip-reader.ts';
import { brokenManifest, nothingToImport, unknownSchemaVersion } from './import-problems.ts';

/** JSON files (the manifest, a note's JSON) are read whole; past this they are refused. */
export const MAX_JSON_BYTES = 64 * 1024 * 1024;

export type ImportItem =
  | {
      kind: 'note';
      name: string;
      note: ExportedNoteEntry;
      audio: ZipFileEntry | undefined;
      json: ZipFileEntry;
    }
  | { kind: 'recording'; name: string; file: ZipFileEntry };

export async function planImport(archive: ZipArchive): Promise<ImportItem[]> {
  const manifestFile = archive.find(MANIFEST_FILE);
  const manifest = manifestFile ? await readManifest(archive, manifestFile) : undefined;
  return manifest ? planExport(archive, manifest) : planRecordings(archive);
}

async function readManifest(archive: ZipArchive, file: ZipFileEntry) {
  let json: unknown;
  try {
    json = JSON.parse(await archive.readText(file, MAX_JSON_BYTES));
  } catch (error) {
    if (error instanceof ZipRefusal) throw error;
    throw brokenManifest('it is not JSON');
  }
  const head = manifestHeadSchema.safeParse(json);
  // Some other program's manifest.json: the zip is read as a zip of recordings.
  if (!head.success || head.data.format !== EXPORT_FORMAT) return undefined;
  if (head.data.schema_version !== EXPORT_SCHEMA_VERSION)
    throw unknownSchemaVersion(head.data.schema_version);
  const manifest = exportManifestSchema.safeParse(json);
  if (!manifest.success) {
    const issue = manifest.error.issues[0];
    throw brokenManifest(`${issue?.path.join('.') || 'manifest'}: ${issue?.message ?? 'invalid'}`);
  }
  return manifest.data;
}

async function planExport(
  archive: ZipArchive,
  manifest: { notes: ExportedNoteEntry[] },
): Promise<ImportItem[]> {
  const items: ImportItem[] = [];
  const digests = new Map<ZipFileEntry, string>();
  for (const note of manifest.notes) {
    const json = archive.find(note.transcript);
    if (!json) throw brokenManifest(`${note.transcript} is not in the zip`);
    let audio: ZipFileEntry | undefined;
    if (note.audio) {
      audio = archive.find(note.audio.path);
      if (!audio) throw brokenManifest(`${note.audio.path} is not in the zip`);
      digests.set(audio, note.audio.sha256);
    }
    items.push({ kind: 'note', name: note.path, note, audio, json });
  }
  if (items.length === 0) throw nothingToImport();
  for (const file of archive.files) {
    const expected = digests.get(file);
    const hash = expected ? createHash('sha256') : undefined;
    for await (const chunk of await archive.read(file)) hash?.update(chunk as Buffer);
    if (hash && hash.digest('hex') !== expected)
      throw new ZipRefusal('damaged', file.name, 'SHA-256 mismatch');
  }
  return items;
}

/** Every file but folders' bookkeeping (macOS's __MACOSX/, .DS_Store and other dot files). */
async function planRecordings(archive: ZipArchive): Promise<ImportItem[]> {
  const items: ImportItem[] = [];
  let recordings = 0;
  for (const file of archive.files) {
    const head = await readHead(archive, file);
    if (isBookkeeping(file.name)) continue;
    if (sniffAudio(head) !== undefined) recordings += 1;
    items.push({ kind: 'recording', name: file.name, file });
  }
  if (recordings === 0) throw nothingToImport();
  return items;
}

function isBookkeeping(name: string): boolean {
  return name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');
}

/** The first bytes, for the format; the rest is read through too, so damage shows now. */
async function readHead(archive: ZipArchive, file: ZipFileEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of await archive.read(file)) {
    if (kept >= SNIFF_BYTES) continue;
    chunks.push(chunk as Buffer);
    kept += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks);
}

export function baseName(name: string): string {
  return path.posix.basename(name);
}
