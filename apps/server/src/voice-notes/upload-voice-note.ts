import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { LIMITS } from '@voxpad/shared/limits';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { ApiProblem, badRequest, notFound } from '../http/api-problem.ts';
import { byteLimit, ByteLimitExceeded } from '../http/byte-limit.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { padExists } from '../pads/pads-repository.ts';
import { attachmentFileName } from './content-disposition.ts';
import { presentVoiceNote } from './voice-note-presenter.ts';
import { findVoiceNote, insertVoiceNote } from './voice-notes-repository.ts';

export interface UploadDeps {
  db: Db;
  storage: BlobStorage;
  maxBytes: number;
  /** Tells the transcription queue there is work. */
  onQueued: () => void;
}

const ACCEPTED_TYPE = /^(audio\/[\w.+-]+|application\/octet-stream)$/;

export function tooLarge(maxBytes: number): ApiProblem {
  const mb = Math.floor(maxBytes / (1024 * 1024));
  return new ApiProblem(413, [
    {
      code: API_ERROR_CODES.payloadTooLarge,
      message: `This recording is too large. The limit is ${mb} MB.`,
    },
  ]);
}

/**
 * Streams the request body into storage and only then records the note, so an upload that
 * is interrupted, too large or empty leaves neither a note nor a file behind.
 */
export async function uploadVoiceNote(
  deps: UploadDeps,
  request: FastifyRequest,
  ownerId: string,
  padId: string,
  body: Readable,
): Promise<VoiceNote> {
  if (!(await padExists(deps.db, ownerId, padId))) throw notFound('This pad');

  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTED_TYPE.test(contentType)) {
    throw new ApiProblem(415, [
      {
        code: API_ERROR_CODES.unsupportedMediaType,
        message: 'Send the recording as audio (for example audio/wav) in the request body.',
      },
    ]);
  }
  const fileName = attachmentFileName(request.headers['content-disposition']);
  if (fileName === null) {
    throw badRequest(
      'The Content-Disposition header must be: attachment; filename="recording.wav".',
      'Content-Disposition',
    );
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > deps.maxBytes) throw tooLarge(deps.maxBytes);

  const now = Date.now();
  const id = newId(now);
  const storageKey = `audio/${ownerId}/${id}.${extensionOf(fileName, contentType)}`;
  const limited = new PassThrough();
  let sizeBytes: number;
  const writing = deps.storage.put(storageKey, limited);
  try {
    await pipeline(body, byteLimit(deps.maxBytes), limited);
    ({ sizeBytes } = await writing);
  } catch (error) {
    // Let storage finish removing its partial file before answering.
    await writing.catch(() => undefined);
    await deps.storage.delete(storageKey);
    if (error instanceof ByteLimitExceeded) throw tooLarge(deps.maxBytes);
    throw error;
  }
  if (sizeBytes === 0) {
    await deps.storage.delete(storageKey);
    throw badRequest('The recording is empty. Record again or choose another file.', 'file', 'empty');
  }

  try {
    await insertVoiceNote(deps.db, {
      id,
      pad_id: padId,
      owner_id: ownerId,
      title: titleFrom(fileName),
      status: 'pending',
      failure_reason: null,
      content_type: contentType,
      size_bytes: sizeBytes,
      storage_key: storageKey,
      duration_seconds: null,
      transcript: null,
      segments: null,
      lease_owner: null,
      lease_expires_at: null,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // The pad may have been deleted while the audio streamed in.
    await deps.storage.delete(storageKey);
    if (!(await padExists(deps.db, ownerId, padId))) throw notFound('This pad');
    throw error;
  }
  deps.onQueued();
  const row = await findVoiceNote(deps.db, ownerId, padId, id);
  if (!row) throw notFound('This voice note');
  return presentVoiceNote(row);
}

function extensionOf(fileName: string | undefined, contentType: string): string {
  const fromName = fileName?.match(/\.([a-z0-9]{1,5})$/i)?.[1]?.toLowerCase();
  if (fromName) return fromName;
  return contentType.includes('wav') ? 'wav' : 'bin';
}

function titleFrom(fileName: string | undefined): string {
  const stem = fileName?.replace(/\.[^.]+$/, '').trim();
  if (!stem || stem.toLowerCase() === 'recording') return 'Voice note';
  return stem.slice(0, LIMITS.voiceNoteTitleMax);
}
