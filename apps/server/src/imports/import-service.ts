/**
 * Starting an import: the pad is checked, the body spooled to a file within its size limit,
 * the zip opened and read through (import-plan.ts), and only a zip that passes every check is
 * recorded and handed to the runner. Whatever is refused leaves nothing behind.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type ImportProgress, type ImportStarted, importStatusPath } from '@voxpad/shared/export-import';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/api-problem.ts';
import { newId } from '../lib/ids.ts';
import { padExists } from '../pads/pads-repository.ts';
import { discardRest } from '../voice-notes/request-head.ts';
import { ZipArchive, type ZipLimits, ZipRefusal } from '../zip/zip-reader.ts';
import { planImport } from './import-plan.ts';
import { IMPORT_STALE_MS, presentImport } from './import-presenter.ts';
import { importRunning, notZipType, zipRefused, zipTooLarge } from './import-problems.ts';
import type { ImportRunner } from './import-runner.ts';
import { spoolUpload } from './import-spool.ts';
import { findImport, hasRunningImport, insertImport } from './imports-repository.ts';

export interface ImportSettings extends ZipLimits {
  /** The largest zip accepted, in bytes. */
  maxBytes: number;
  /** Where uploaded zips are kept while they are imported. */
  tempDir: string;
}

export interface ImportDeps {
  db: Db;
  runner: ImportRunner;
  settings: ImportSettings;
}

/** Browsers send a .zip as application/zip, or (Windows) application/x-zip-compressed. */
export const ZIP_TYPES = /^(application\/(zip|x-zip-compressed|x-zip|octet-stream))$/;

export interface ImportRequest {
  ownerId: string;
  padId: string;
  contentType: string;
  declaredBytes: number | undefined;
  body: Readable;
}

export async function startImport(deps: ImportDeps, request: ImportRequest): Promise<ImportStarted> {
  const { db, settings } = deps;
  const { ownerId, padId, body } = request;
  const refuse = (problem: Error) => {
    discardRest(body, settings.maxBytes);
    return problem;
  };
  if (!(await padExists(db, ownerId, padId))) throw refuse(notFound('This pad'));
  if (!ZIP_TYPES.test(request.contentType)) throw refuse(notZipType());
  if (request.declaredBytes !== undefined && request.declaredBytes > settings.maxBytes) {
    throw refuse(zipTooLarge(settings.maxBytes));
  }
  if (await hasRunningImport(db, ownerId, Date.now() - IMPORT_STALE_MS)) throw refuse(importRunning());

  const id = newId();
  const file = await spoolUpload(body, settings.tempDir, id, settings.maxBytes);
  let archive: ZipArchive | undefined;
  try {
    archive = await ZipArchive.open(file, settings);
    const items = await planImport(archive);
    const files = items.map((item) => ({ name: item.name, status: 'waiting' as const }));
    await insertImport(db, { id, ownerId, padId, files, now: Date.now() });
    deps.runner.start({ id, ownerId, padId, archive, file, items, files });
    return { id, status_url: importStatusPath(id) };
  } catch (error) {
    archive?.close();
    await rm(file, { force: true });
    throw error instanceof ZipRefusal ? zipRefused(error, settings) : error;
  }
}

export async function importProgress(db: Db, ownerId: string, id: string): Promise<ImportProgress> {
  const row = await findImport(db, ownerId, id);
  if (!row) throw notFound('This import');
  return presentImport(row);
}

export function importTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'imports');
}
