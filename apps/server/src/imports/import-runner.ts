/**
 * Runs started imports in this process, one file at a time, and writes their progress for
 * the progress resource. Each file is filed the way every note is (voice-notes/
 * file-within-quota.ts): quotas apply, a refused file is named with its reason and the rest
 * still go in. A note from a Voxpad export is filed finished with its transcript and versions;
 * a plain recording is queued for transcription. Closing the app lets running imports stop
 * after their current file.
 */
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { exportedNoteSchema, type ExportedNote, type ImportedFile } from '@voxpad/shared/export-import';
import { fileCarriedHighlights } from '../highlights/highlights-service.ts';
import { fileCarriedSummaries } from '../summaries/summary-exports.ts';
import { ApiProblem } from '../http/api-problem.ts';
import type { CarriedNote } from '../voice-notes/file-voice-note.ts';
import { fileWithinQuota, type FilingSettings } from '../voice-notes/file-within-quota.ts';
import { type ZipArchive, ZipRefusal } from '../zip/zip-reader.ts';
import { baseName, type ImportItem, MAX_JSON_BYTES } from './import-plan.ts';
import { fileFailed, importInterrupted, noAudioInExport } from './import-problems.ts';
import { saveProgress } from './imports-repository.ts';

/** Progress is written at most this often (and once at the end). */
const SAVE_EVERY_MS = 250;

export interface StartedImport {
  id: string;
  ownerId: string;
  padId: string;
  archive: ZipArchive;
  /** The spooled zip, removed when the import ends. */
  file: string;
  items: ImportItem[];
  files: ImportedFile[];
}

export class ImportRunner {
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly filing: FilingSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(job: StartedImport): void {
    const run = this.run(job)
      .catch((err: unknown) => this.log.error({ err, importId: job.id }, 'import failed'))
      .finally(async () => {
        job.archive.close();
        await rm(job.file, { force: true });
        this.running.delete(run);
      });
    this.running.add(run);
  }

  /** Imports stop after the file they are on; resolves once they have. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
  }

  private async run(job: StartedImport): Promise<void> {
    const { files } = job;
    let done = 0;
    let savedAt = Date.now();
    for (const [index, item] of job.items.entries()) {
      if (this.closing) {
        await saveProgress(this.filing.db, job.id, {
          status: 'failed',
          done,
          files,
          error: importInterrupted(),
        });
        return;
      }
      files[index] = await this.importOne(job, item);
      done += 1;
      if (Date.now() - savedAt >= SAVE_EVERY_MS) {
        await saveProgress(this.filing.db, job.id, { status: 'running', done, files });
        savedAt = Date.now();
      }
    }
    await saveProgress(this.filing.db, job.id, { status: 'done', done, files });
  }

  private async importOne(job: StartedImport, item: ImportItem): Promise<ImportedFile> {
    const { ownerId, padId, archive } = job;
    try {
      const entry = item.kind === 'recording' ? item.file : item.audio;
      if (!entry) return { name: item.name, status: 'failed', error: noAudioInExport() };
      const exported = item.kind === 'note' ? await readCarriedNote(archive, item) : undefined;
      const carried = exported?.carried;
      // The entry's size is known from the zip: it is admitted as an upload of that size.
      const allowance = await this.filing.quotas.admitUpload(ownerId, entry.sizeBytes, { stores: true });
      const input = {
        ownerId,
        padId,
        fileName: baseName(entry.name),
        body: await archive.read(entry),
        ...(carried ? { carried } : {}),
      };
      const note = await fileWithinQuota(this.filing, input, { allowance, log: this.log });
      if (exported) {
        await fileCarriedHighlights(this.filing.db, ownerId, note.id, exported.highlights);
        await fileCarriedSummaries(this.filing.db, ownerId, note.id, exported.summaries);
      }
      return { name: item.name, status: 'imported', note_id: note.id };
    } catch (error) {
      return { name: item.name, status: 'failed', error: this.reason(error, job.id) };
    }
  }

  private reason(error: unknown, importId: string): string {
    if (error instanceof ApiProblem) return error.errors.map((e) => e.message).join(' ');
    if (error instanceof ZipRefusal) return 'This file is damaged in the zip. Make the zip again.';
    this.log.error({ err: error, importId }, 'import of a file failed');
    return fileFailed();
  }
}

async function readCarriedNote(
  archive: ZipArchive,
  item: Extract<ImportItem, { kind: 'note' }>,
): Promise<{
  carried: CarriedNote;
  highlights: ExportedNote['highlights'];
  summaries: ExportedNote['summaries'];
}> {
  const text = await archive.readText(item.json, MAX_JSON_BYTES);
  const parsed = exportedNoteSchema.safeParse(parseJson(text));
  if (!parsed.success) {
    throw new ApiProblem(400, [
      {
        code: API_ERROR_CODES.invalid,
        message: `This note's ${item.json.name} is damaged, so its transcript cannot be read.`,
      },
    ]);
  }
  const note = parsed.data;
  return { carried: carriedNote(note), highlights: note.highlights, summaries: note.summaries };
}

function carriedNote(note: ExportedNote): CarriedNote {
  return {
    title: note.title,
    titleSource: note.title_source,
    createdAt: Date.parse(note.created_at),
    durationSeconds: note.duration_seconds,
    transcript:
      note.text === null
        ? undefined
        : {
            text: note.text,
            segments: note.segments,
            speakers: note.speakers,
            edited: note.transcript_edited,
            reviewed: note.transcript_reviewed,
            reviewedAt: note.transcript_reviewed_at === null ? null : Date.parse(note.transcript_reviewed_at),
            versions: note.versions.map((version) => ({
              text: version.text,
              segments: version.segments,
              speakers: version.speakers,
              source: version.source,
              engine: version.engine,
              model: version.model,
              createdAt: Date.parse(version.created_at),
            })),
          },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
