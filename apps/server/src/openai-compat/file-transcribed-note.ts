import { createReadStream } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { ApiProblem } from '../http/api-problem.ts';
import { QuotaExceeded } from '../quotas/quota-problems.ts';
import type { NewVoiceNote } from '../voice-notes/file-voice-note.ts';
import { fileWithinQuota, type FilingSettings } from '../voice-notes/file-within-quota.ts';
import { OpenAiProblem } from './openai-problem.ts';

export const padNotFound = () =>
  new OpenAiProblem(404, 'This pad was not found.', 'invalid_request_error', 'pad_id', 'not_found');

/**
 * Files the recording and its transcript as a finished voice note, through the one call every
 * entry point files with (same storage keys, limits, quota check and clean-up as uploads), so
 * its transcript is its first engine version like any job's. Its refusals are told in this
 * API's error shape (a quota's refusal is rendered by the error handler). The request's bytes
 * were admitted and are settled by the route: only the storage check is left here.
 */
export async function fileTranscribedNote(
  filing: FilingSettings,
  log: FastifyBaseLogger,
  note: { ownerId: string; padId: string; file: string; fileName: string | undefined },
  transcribed: NonNullable<NewVoiceNote['transcribed']>,
): Promise<string> {
  try {
    const input = {
      ownerId: note.ownerId,
      padId: note.padId,
      fileName: note.fileName,
      body: createReadStream(note.file),
      transcribed,
    };
    return (await fileWithinQuota(filing, input, { log })).id;
  } catch (error) {
    if (error instanceof QuotaExceeded || !(error instanceof ApiProblem)) throw error;
    if (error.status === 404) throw padNotFound();
    const first = error.errors[0];
    throw new OpenAiProblem(
      error.status,
      error.message,
      'invalid_request_error',
      first?.param ?? null,
      first?.code ?? null,
    );
  }
}
