/**
 * Writes queued summaries in the background (ADR 0052): a loop (lib/leased-jobs/) that claims
 * one generation at a time with a lease, asks the model and records the outcome. A new
 * request wakes it at once in this process; polling finds generations queued by other processes
 * (automatic summaries after a worker's transcription) and leases that ran out (a process that
 * died mid-generation), so a restart loses nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { transcriptSegmentSchema } from '@voxpad/shared/voice-notes';
import { z } from 'zod';
import type { Db, Dialect } from '../db/database.ts';
import type { NoteSummaryRow } from '../db/schema.ts';
import { LlmError } from './llm-client.ts';
import {
  claimSummary,
  finishSummary,
  findNote,
  renewSummaryLease,
  type SummaryOutcome,
} from './summaries-repository.ts';
import { generateSummary } from './summary-generation.ts';
import type { SummarySettings } from './summary-settings.ts';
import { timedLines } from './transcript-parts.ts';
import { JobLoop } from '../lib/leased-jobs/job-loop.ts';

/** A generation whose process died this many times is given up, in words. */
const MAX_ATTEMPTS = 3;

export interface SummaryRunnerOptions {
  db: Db;
  dialect: Dialect;
  settings: SummarySettings;
  log: FastifyBaseLogger;
  pollMs: number;
  /** Renewed while a generation runs, so only a dead process's lease runs out. */
  leaseMs: number;
}

const segmentsSchema = z.array(transcriptSegmentSchema).catch([]);

export class SummaryRunner extends JobLoop {
  readonly workerId = `summaries-${randomUUID()}`;

  constructor(private readonly options: SummaryRunnerOptions) {
    super({
      pollMs: options.pollMs,
      concurrency: 1,
      log: options.log,
      failure: 'summary generation failed to run',
    });
  }

  /** Claims one generation and writes it; a new request wakes this at once (`wake()`). */
  protected async step(): Promise<boolean> {
    const { db, dialect, leaseMs } = this.options;
    const row = await claimSummary(db, dialect, this.workerId, leaseMs, Date.now());
    if (!row) return false;
    await this.run(row);
    return true;
  }

  private async run(row: NoteSummaryRow): Promise<void> {
    const { db, leaseMs, log } = this.options;
    const heartbeat = setInterval(
      () => {
        renewSummaryLease(db, row.id, this.workerId, Date.now() + leaseMs).catch((err: unknown) =>
          log.warn({ err, summaryId: row.id }, 'could not renew a summary lease'),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      const outcome = await this.generate(row);
      await finishSummary(db, row.id, this.workerId, outcome, Date.now());
      log.info({ summaryId: row.id, noteId: row.voice_note_id, status: outcome.status }, 'summary finished');
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async generate(row: NoteSummaryRow): Promise<SummaryOutcome> {
    const { db, settings } = this.options;
    if (row.attempts > MAX_ATTEMPTS) {
      return {
        status: 'failed',
        error: `The server stopped ${MAX_ATTEMPTS} times while writing this summary, so it was given up. Ask for it again.`,
      };
    }
    // The endpoint of this process now: the row names where it was meant to go, but an
    // operator who turned summaries off meanwhile must be obeyed.
    const endpoint = settings.endpoint;
    if (!endpoint) {
      return {
        status: 'failed',
        error: 'Summaries were turned off on this server before this one was written; nothing was sent.',
      };
    }
    const note = await findNote(db, row.owner_id, row.voice_note_id);
    if (!note) return { status: 'failed', error: 'The note is gone.' };
    const lines = timedLines(segmentsSchema.parse(safeJson(note.segments)), note.transcript ?? '');
    try {
      const generated = await generateSummary(lines, {
        endpoint,
        timeoutMs: settings.timeoutMs,
        contextTokens: settings.contextTokens,
      });
      return {
        status: 'done',
        summary: generated.summary,
        title: generated.title,
        action_items: JSON.stringify(generated.action_items),
      };
    } catch (err) {
      if (err instanceof LlmError) return { status: 'failed', error: err.message };
      throw err;
    }
  }
}

function safeJson(text: string | null): unknown {
  if (text === null) return [];
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}
