import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { authenticateBearer } from '../api-tokens/api-tokens.ts';
import { declaredBytes } from '../quotas/quota-guard.ts';
import { createAudioDecoder, type DecodeAudio } from '../transcription/audio/audio-decoder.ts';
import type { PersonalModelLookup } from '../transcription/personal-model.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import type { FilingSettings } from '../voice-notes/file-within-quota.ts';
import { clientGone } from './client-gone.ts';
import { fileTooLarge, handleOpenAiError, invalidApiKey, OpenAiProblem } from './openai-problem.ts';
import { type Answer, transcribeRequest } from './transcription-request.ts';

export interface OpenAiCompatDeps {
  /** Where a request that names a pad files its note, and the per-user quotas every request meets. */
  filing: FilingSettings;
  /** The configured engine (the worker's pool when this process also transcribes). */
  transcriber: () => Promise<Transcriber>;
  /**
   * Decodes every accepted format off the event loop, within maxDurationSeconds; by default
   * the decoder the transcription jobs use (audio/audio-decoder.ts).
   */
  decodeAudio?: DecodeAudio;
  /** Where uploads wait while they are transcribed (default: the system's temporary directory). */
  tempDir?: string;
  /** The token owner's build to decode with (ADR 0040); stock without one. */
  personalModel?: PersonalModelLookup | undefined;
}

/** What multipart framing and the small fields may add to the file's size. */
const FORM_SLACK_BYTES = 64 * 1024;

/**
 * OpenAI's `POST /v1/audio/transcriptions`, so existing clients and SDKs can use voxpad:
 * authenticated only by a personal API token (never by cookie: this scope is exempt from
 * CSRF), the upload streamed to a temporary file within UPLOAD_MAX_BYTES (and the user's
 * hourly upload budget), read from there by the decoding thread, transcribed at once by the
 * configured engine and answered in the requested format. With `pad_id` the recording and
 * its transcript are also filed as a voice note in that pad. Each user may run a few at
 * once and this process a bounded number: past either, 429 with Retry-After, never a queue.
 */
export async function openAiCompatApi(app: FastifyInstance, deps: OpenAiCompatDeps): Promise<void> {
  const { filing, transcriber } = deps;
  const { quotas, maxBytes } = filing;
  const decodeAudio =
    deps.decodeAudio ?? createAudioDecoder({ maxDurationSeconds: filing.maxDurationSeconds });
  const tempDir = deps.tempDir ?? os.tmpdir();
  await mkdir(tempDir, { recursive: true });
  app.setErrorHandler(handleOpenAiError);
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });

  app.post('/audio/transcriptions', async (request, reply) => {
    const userId = await authenticateBearer(filing.db, request.headers.authorization);
    if (!userId) throw invalidApiKey();
    if (!request.isMultipart()) {
      throw new OpenAiProblem(
        400,
        'Send the request as multipart/form-data with the audio in the "file" field.',
      );
    }
    const declared = declaredBytes(request.headers['content-length']);
    if (declared !== undefined && declared > maxBytes + FORM_SLACK_BYTES) throw fileTooLarge(maxBytes);

    await quotas.admitV1Request(userId);
    const releaseSlot = quotas.takeV1Slot(userId);
    const gone = clientGone(reply);
    let dir: string | undefined;
    let answer: Answer;
    // The file is removed and the slot freed before answering, so a client that sends its
    // next request as soon as it has this answer never finds its own slot still taken.
    try {
      dir = await mkdtemp(path.join(tempDir, 'voxpad-openai-'));
      const allowance = await quotas.admitUpload(userId, declared, { stores: false });
      try {
        const exchange = {
          filing,
          transcriber,
          decodeAudio,
          request,
          reply,
          userId,
          dir,
          gone: gone.signal,
          personalModel: deps.personalModel,
        };
        answer = await transcribeRequest(exchange, allowance.maxBytes);
        await allowance.accepted(answer.sizeBytes);
      } catch (error) {
        const problem = await allowance.failed(error);
        throw gone.signal.aborted ? gone.signal.reason : problem;
      }
    } finally {
      gone.stop();
      releaseSlot();
      if (dir) await rm(dir, { recursive: true, force: true });
    }
    return reply.status(200).type(answer.contentType).send(answer.body);
  });
}
