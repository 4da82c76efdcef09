import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { transcriptionFieldsSchema, type TranscriptionFields } from '@voxpad/shared/openai-compat';
import { authenticateBearer } from '../api-tokens/api-tokens.ts';
import type { Db } from '../db/database.ts';
import { engineModelOf } from '../transcripts/transcript-store.ts';
import { padExists } from '../pads/pads-repository.ts';
import { declaredBytes, type QuotaGuard } from '../quotas/quota-guard.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { createAudioDecoder, type DecodeAudio } from '../transcription/audio/audio-decoder.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { fileVoiceNote, type NewVoiceNote } from '../voice-notes/file-voice-note.ts';
import { ApiProblem } from '../http/api-problem.ts';
import { deleteVoiceNote } from '../voice-notes/voice-notes-service.ts';
import { render } from './formats.ts';
import { fileTooLarge, handleOpenAiError, invalidApiKey, OpenAiProblem } from './openai-problem.ts';
import { sniffUploadFile, transcribeUpload } from './transcribe-upload.ts';

export interface OpenAiCompatDeps {
  db: Db;
  storage: BlobStorage;
  maxBytes: number;
  maxDurationSeconds: number;
  /** The configured engine (the worker's pool when this process also transcribes). */
  transcriber: () => Promise<Transcriber>;
  /**
   * Decodes every accepted format off the event loop, within maxDurationSeconds; by default
   * the decoder the transcription jobs use (audio/audio-decoder.ts).
   */
  decodeAudio?: DecodeAudio;
  /** Per-user rate, concurrency, upload and storage limits. */
  quotas: QuotaGuard;
  /** Where uploads wait while they are transcribed (default: the system's temporary directory). */
  tempDir?: string;
}

/** Header naming the voice note filed when the request asked for `pad_id`. */
export const VOICE_NOTE_HEADER = 'x-voxpad-voice-note-id';

/** What multipart framing and the small fields may add to the file's size. */
const FORM_SLACK_BYTES = 64 * 1024;

interface Upload {
  file: string | undefined;
  fileName: string | undefined;
  sizeBytes: number;
  fields: Record<string, string | string[]>;
}

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
  const decodeAudio = deps.decodeAudio ?? createAudioDecoder({ maxDurationSeconds: deps.maxDurationSeconds });
  const tempDir = deps.tempDir ?? os.tmpdir();
  await mkdir(tempDir, { recursive: true });
  app.setErrorHandler(handleOpenAiError);
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: deps.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });

  app.post('/audio/transcriptions', async (request, reply) => {
    const userId = await authenticateBearer(deps.db, request.headers.authorization);
    if (!userId) throw invalidApiKey();
    if (!request.isMultipart()) {
      throw new OpenAiProblem(
        400,
        'Send the request as multipart/form-data with the audio in the "file" field.',
      );
    }
    const declared = declaredBytes(request.headers['content-length']);
    if (declared !== undefined && declared > deps.maxBytes + FORM_SLACK_BYTES) {
      throw fileTooLarge(deps.maxBytes);
    }

    await deps.quotas.admitV1Request(userId);
    const releaseSlot = deps.quotas.takeV1Slot(userId);
    const gone = clientGone(reply);
    let dir: string | undefined;
    let answer: Answer;
    // The file is removed and the slot freed before answering, so a client that sends its
    // next request as soon as it has this answer never finds its own slot still taken.
    try {
      dir = await mkdtemp(path.join(tempDir, 'voxpad-openai-'));
      const allowance = await deps.quotas.admitUpload(userId, declared, { stores: false });
      try {
        answer = await transcribeRequest(
          { deps, decodeAudio, request, reply, userId, dir, gone: gone.signal },
          allowance.maxBytes,
        );
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

interface Exchange {
  deps: OpenAiCompatDeps;
  decodeAudio: DecodeAudio;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: string;
  /** This request's own temporary directory, removed by the caller on every path. */
  dir: string;
  /** Fires when the client goes away before its answer: the work stops. */
  gone: AbortSignal;
}

interface Answer {
  contentType: string;
  body: string;
  sizeBytes: number;
}

/** Receives, transcribes and files when asked; resolves to the answer and the upload's size. */
async function transcribeRequest(exchange: Exchange, maxBytes: number): Promise<Answer> {
  const { deps, decodeAudio, request, reply, userId, gone } = exchange;
  // A client gone before the parser listens for the end of its body would leave it waiting
  // forever (and this request's slot and file with it): checked in the same tick as it starts.
  gone.throwIfAborted();
  const upload = await receive(request, exchange.dir, maxBytes);
  gone.throwIfAborted();
  const fields = parseFields(upload.fields);
  if (!upload.file) {
    throw new OpenAiProblem(
      400,
      'The "file" field is required: attach the audio to transcribe.',
      'invalid_request_error',
      'file',
    );
  }
  if (fields.pad_id !== undefined) {
    if (!(await padExists(deps.db, userId, fields.pad_id))) throw padNotFound();
    await deps.quotas.roomFor(userId, upload.sizeBytes);
  }

  // Refuses what is not audio before the engine is asked.
  await sniffUploadFile(upload.file);
  const transcriber = await deps.transcriber();
  const { transcript, durationSeconds } = await transcribeUpload({
    decodeAudio,
    transcriber,
    bytes: { path: upload.file },
    language: fields.language,
    signal: gone,
  });

  if (fields.pad_id !== undefined) {
    const noteId = await fileTranscribedNote(deps, userId, fields.pad_id, upload, {
      ...transcript,
      durationSeconds,
      madeBy: engineModelOf(transcriber),
    });
    const overflow = await deps.quotas.overflow(userId, upload.sizeBytes);
    if (overflow) {
      await deleteVoiceNote({ ...deps, log: request.log }, userId, fields.pad_id, noteId);
      throw overflow;
    }
    reply.header(VOICE_NOTE_HEADER, noteId);
  }
  const { contentType, body } = render(
    transcript,
    fields.response_format,
    fields['timestamp_granularities[]'],
  );
  return { contentType, body, sizeBytes: upload.sizeBytes };
}

/**
 * A signal that fires when the connection closes before the answer is written, so a client
 * that gives up stops the decoding and the engine instead of leaving them to run.
 */
function clientGone(reply: FastifyReply): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableFinished) {
      controller.abort(new OpenAiProblem(400, 'The request was cancelled before it was answered.'));
    }
  };
  // The connection may have closed already, while the token was being checked.
  if (reply.raw.destroyed || reply.request.raw.destroyed) onClose();
  else reply.raw.once('close', onClose);
  return { signal: controller.signal, stop: () => reply.raw.off('close', onClose) };
}

const padNotFound = () =>
  new OpenAiProblem(404, 'This pad was not found.', 'invalid_request_error', 'pad_id', 'not_found');

/** Reads every part: the audio streams to a file in `dir`, the other fields are collected. */
async function receive(request: FastifyRequest, dir: string, maxBytes: number): Promise<Upload> {
  const upload: Upload = { file: undefined, fileName: undefined, sizeBytes: 0, fields: {} };
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || upload.file) {
        part.file.resume();
        continue;
      }
      const target = path.join(dir, 'upload');
      try {
        await pipeline(part.file, createWriteStream(target));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
        throw error;
      }
      if (part.file.truncated) throw fileTooLarge(maxBytes);
      upload.file = target;
      upload.fileName = part.filename;
      upload.sizeBytes = (await stat(target)).size;
    } else {
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const name =
        part.fieldname === 'timestamp_granularities' ? 'timestamp_granularities[]' : part.fieldname;
      const previous = upload.fields[name];
      if (name === 'timestamp_granularities[]') {
        upload.fields[name] = [...(Array.isArray(previous) ? previous : []), value];
      } else {
        upload.fields[name] = value;
      }
    }
  }
  return upload;
}

function parseFields(raw: Record<string, string | string[]>): TranscriptionFields {
  const input: Record<string, unknown> = { ...raw };
  if (input.pad_id === undefined && input.voxpad_pad_id !== undefined) input.pad_id = input.voxpad_pad_id;
  delete input.voxpad_pad_id;
  if (input.language === '') delete input.language;
  const result = transcriptionFieldsSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = issue.path.map(String).join('.') || null;
  throw new OpenAiProblem(400, `${param ?? 'request'}: ${issue.message}`, 'invalid_request_error', param);
}

/**
 * Files the recording and its transcript as a finished voice note, through the one module that
 * files voice notes (same storage keys, limits and clean-up as uploads), so its transcript is its
 * first engine version like any job's. Its refusals are told in this API's error shape.
 */
async function fileTranscribedNote(
  deps: OpenAiCompatDeps,
  ownerId: string,
  padId: string,
  upload: Upload,
  transcribed: NonNullable<NewVoiceNote['transcribed']>,
): Promise<string> {
  try {
    const note = await fileVoiceNote(
      { ...deps, onQueued: () => undefined },
      {
        ownerId,
        padId,
        fileName: upload.fileName,
        body: createReadStream(upload.file!),
        transcribed,
      },
    );
    return note.id;
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) throw padNotFound();
    if (error instanceof ApiProblem) {
      const first = error.errors[0];
      throw new OpenAiProblem(
        error.status,
        error.message,
        'invalid_request_error',
        first?.param ?? null,
        first?.code ?? null,
      );
    }
    throw error;
  }
}
