/**
 * An export as a stream of zip bytes: each note's audio (the stored original, streamed from
 * blob storage and hashed on the way), its JSON and transcripts, then `manifest.json`. Notes are
 * read a page at a time and every entry is written as it is made, so memory holds one page of
 * notes, one note's text and the zip's central directory, never a file or the zip.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  EXPORT_FORMAT,
  EXPORT_SCHEMA_VERSION,
  type ExportManifest,
  type ExportedNoteEntry,
  MANIFEST_FILE,
} from '@voxpad/shared/export-import';
import type { Db } from '../db/database.ts';
import { toIso } from '../lib/time.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { ZipWriter, type ZipWriterOptions } from '../zip/zip-writer.ts';
import {
  type ExportNoteRow,
  type ExportPadRow,
  type ExportScope,
  exportNotePage,
  exportPads,
  exportVersions,
} from './export-repository.ts';
import { audioFileName, noteFolder, padFolder, UniqueNames } from './export-paths.ts';
import { NOTE_JSON, noteDocument, noteFiles } from './note-files.ts';
import { listHighlights } from '../highlights/highlights-repository.ts';
import { exportedSummaries } from '../summaries/summary-exports.ts';

const PAGE = 50;

export interface ExportDeps {
  db: Db;
  storage: BlobStorage;
  zip?: ZipWriterOptions;
}

export async function* exportArchive(
  deps: ExportDeps,
  ownerId: string,
  scope: ExportScope,
): AsyncGenerator<Buffer> {
  const exportedAt = new Date();
  const zip = new ZipWriter(deps.zip);
  const pads = await exportPads(deps.db, ownerId, scope);
  const names = new UniqueNames();
  const padsById = new Map(pads.map((pad) => [pad.id, { pad, folder: names.take(padFolder(pad)) }]));
  const notes: ExportedNoteEntry[] = [];
  let afterId = '';
  for (;;) {
    const page = await exportNotePage(deps.db, ownerId, scope, afterId, PAGE);
    for (const note of page) {
      const found = padsById.get(note.pad_id);
      if (!found) continue;
      const { pad } = found;
      const folder = `${found.folder}/${names.take(noteFolder(note))}`;
      notes.push(yield* exportNote(deps, zip, { ownerId, note, pad, folder, modified: exportedAt }));
    }
    if (page.length < PAGE) break;
    afterId = page.at(-1)?.id ?? afterId;
  }
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    schema_version: EXPORT_SCHEMA_VERSION,
    exported_at: exportedAt.toISOString(),
    pads: pads.map((pad) => ({
      id: pad.id,
      name: pad.name,
      description: pad.description,
      color: pad.color,
      icon: pad.icon,
      created_at: toIso(pad.created_at),
    })),
    notes,
  };
  yield* zip.file(MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), exportedAt);
  yield* zip.end();
}

interface NoteToExport {
  ownerId: string;
  note: ExportNoteRow;
  pad: ExportPadRow;
  folder: string;
  modified: Date;
}

async function* exportNote(
  deps: ExportDeps,
  zip: ZipWriter,
  { ownerId, note, pad, folder, modified }: NoteToExport,
): AsyncGenerator<Buffer, ExportedNoteEntry> {
  let audio: ExportedNoteEntry['audio'] = null;
  const size = await deps.storage.size(note.storage_key);
  if (size !== undefined) {
    const path = `${folder}/${audioFileName(note.storage_key)}`;
    const hash = createHash('sha256');
    const source: Readable = await deps.storage.get(note.storage_key);
    let sizeBytes = 0;
    yield* zip.stream(path, source, { expectedSize: size, modified: new Date(note.created_at) }, (chunk) => {
      hash.update(chunk);
      sizeBytes += chunk.length;
    });
    audio = { path, sha256: hash.digest('hex'), size_bytes: sizeBytes, content_type: note.content_type };
  }
  const versions = await exportVersions(deps.db, ownerId, note.id);
  const highlights = await listHighlights(deps.db, ownerId, note.id);
  const summaries = await exportedSummaries(deps.db, ownerId, note.id);
  for (const file of noteFiles(noteDocument(note, pad.name, versions, highlights, summaries))) {
    yield* zip.file(`${folder}/${file.name}`, file.data, modified);
  }
  return {
    path: folder,
    id: note.id,
    pad_id: note.pad_id,
    title: note.title,
    created_at: toIso(note.created_at),
    duration_seconds: note.duration_seconds,
    audio,
    transcript: `${folder}/${NOTE_JSON}`,
  };
}
