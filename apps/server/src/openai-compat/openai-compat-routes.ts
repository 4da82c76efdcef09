import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { LIMITS } from '@voxpad/shared/limits';
import { transcriptionFieldsSchema, type TranscriptionFields } from '@voxpad/shared/openai-compat';
import { authenticateBearer } from '../api-tokens/api-tokens.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { padExists } from '../pads/pads-repository.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { createAudioDecoder, type DecodeAudio } from '../transcription/audio/audio-decoder.ts';
import type { Transcriber, Transcript } from '../transcription/transcriber.ts';
import type { AudioFormat } from '../voice-notes/audio-format.ts';
import { insertVoiceNote } from '../voice-notes/voice-notes-repository.ts';
import { countWords } from '../voice-notes/voice-notes-service.ts';
import { render } from './formats.ts';
import { fileTooLarge, handleOpenAiError, invalidApiKey, OpenAiProblem } from './openai-problem.ts';
import { sniffUpload, transcribeUpload } from './transcribe-upload.ts';

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
}

/** Header naming the voice note filed when the request asked for `pad_id`. */
export const VOICE_NOTE_HEADER = 'x-voxpad-voice-note-id';

interface Upload {
  file: string | undefined;
  fileName: string | undefined;
  fields: Record<string, string | string[]>;
}

/**
 * OpenAI's `POST /v1/audio/transcriptions`, so existing clients and SDKs can use voxpad:
 * authenticated only by a personal API token (never by cookie: this scope is exempt from
 * CSRF), the upload streamed to a temporary file within UPLOAD_MAX_BYTES, transcribed at
 * once by the configured engine and answered in the requested format. With `pad_id` the
 * recording and its transcript are also filed as a voice note in that pad.
 */
export async function openAiCompatApi(app: FastifyInstance, deps: OpenAiCompatDeps): Promise<void> {
  const decodeAudio = deps.decodeAudio ?? createAudioDecoder({ maxDurationSeconds: deps.maxDurationSeconds });
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
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > deps.maxBytes + 64 * 1024) throw fileTooLarge(deps.maxBytes);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'voxpad-openai-'));
    try {
      const upload = await receive(request, dir, deps.maxBytes);
      const fields = parseFields(upload.fields);
      if (!upload.file) {
        throw new OpenAiProblem(
          400,
          'The "file" field is required: attach the audio to transcribe.',
          'invalid_request_error',
          'file',
        );
      }
      if (fields.pad_id !== undefined && !(await padExists(deps.db, userId, fields.pad_id))) {
        throw new OpenAiProblem(
          404,
          'This pad was not found.',
          'invalid_request_error',
          'pad_id',
          'not_found',
        );
      }

      const bytes = await readFile(upload.file);
      const format = sniffUpload(bytes);
      // The decoder may take `bytes` over; what is filed is read from the file again.
      const { transcript, durationSeconds } = await transcribeUpload({
        decodeAudio,
        transcriber: await deps.transcriber(),
        bytes,
        language: fields.language,
      });

      if (fields.pad_id !== undefined) {
        const noteId = await fileVoiceNote(deps, userId, fields.pad_id, {
          upload,
          format,
          transcript,
          durationSeconds,
        });
        reply.header(VOICE_NOTE_HEADER, noteId);
      }
      const { contentType, body } = render(
        transcript,
        fields.response_format,
        fields['timestamp_granularities[]'],
      );
      return reply.status(200).type(contentType).send(body);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

/** Reads every part: the audio streams to a file in `dir`, the other fields are collected. */
async function receive(request: FastifyRequest, dir: string, maxBytes: number): Promise<Upload> {
  const upload: Upload = { file: undefined, fileName: undefined, fields: {} };
  for await (const part of request.parts()) {
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

interface Filed {
  upload: Upload;
  /** What the bytes are (sniffed); stored as voice-note uploads are, in their own format. */
  format: AudioFormat;
  transcript: Transcript;
  durationSeconds: number;
}

/** Stores the recording as uploaded and a finished voice note with the transcript just made. */
async function fileVoiceNote(
  deps: OpenAiCompatDeps,
  ownerId: string,
  padId: string,
  { upload, format, transcript, durationSeconds }: Filed,
): Promise<string> {
  const now = Date.now();
  const id = newId(now);
  const storageKey = `audio/${ownerId}/${id}.${format.extension}`;
  const { sizeBytes } = await deps.storage.put(storageKey, createReadStream(upload.file!));
  const stem = upload.fileName?.replace(/\.[^.]+$/, '').trim();
  try {
    await insertVoiceNote(deps.db, {
      id,
      pad_id: padId,
      owner_id: ownerId,
      title: (stem || 'Transcription').slice(0, LIMITS.voiceNoteTitleMax),
      status: 'done',
      failure_reason: null,
      content_type: format.mime,
      size_bytes: sizeBytes,
      storage_key: storageKey,
      duration_seconds: durationSeconds,
      transcript: transcript.text,
      segments: JSON.stringify(transcript.segments),
      word_count: countWords(transcript.text),
      lease_owner: null,
      lease_expires_at: null,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    await deps.storage.delete(storageKey);
    if (!(await padExists(deps.db, ownerId, padId))) {
      throw new OpenAiProblem(404, 'This pad was not found.', 'invalid_request_error', 'pad_id', 'not_found');
    }
    throw error;
  }
  return id;
}
