import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { LIMITS } from '@voxpad/shared/limits';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { type ApiProblem, badRequest, notFound } from '../http/api-problem.ts';
import { byteLimit, ByteLimitExceeded } from '../http/byte-limit.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { padExists } from '../pads/pads-repository.ts';
import { AudioDecodeError } from '../transcription/audio/errors.ts';
import { wavDurationSeconds } from '../transcription/audio/wav.ts';
import { SNIFF_BYTES, sniffLength } from '../transcription/audio/audio-format.ts';
import { inspectAudio, type InspectedAudio } from '../transcription/audio/audio-inspection.ts';
import { attachmentFileName } from './content-disposition.ts';
import { discardRest, readHead, resumeBody } from './request-head.ts';
import {
  damagedWav,
  emptyUpload,
  interrupted,
  notAudioHeader,
  tooLarge,
  tooLong,
  unsupportedAudio,
} from './upload-problems.ts';
import { presentVoiceNote } from './voice-note-presenter.ts';
import { findVoiceNote, insertVoiceNote } from './voice-notes-repository.ts';

export interface UploadDeps {
  db: Db;
  storage: BlobStorage;
  maxBytes: number;
  maxDurationSeconds: number;
  /** Tells the transcription queue there is work. */
  onQueued: () => void;
}

/**
 * The declared type only has to say "audio": what the bytes are is sniffed. Browsers label
 * MediaRecorder output video/webm or video/mp4 even when it holds no picture.
 */
const ACCEPTED_TYPE = /^(audio\/[\w.+-]+|application\/octet-stream|video\/webm|video\/mp4)$/;

/**
 * Streams the request body into storage and only then records the note, so an upload that
 * is interrupted, too large, too long, empty or not audio leaves neither a note nor a file.
 */
export async function uploadVoiceNote(
  deps: UploadDeps,
  request: FastifyRequest,
  ownerId: string,
  padId: string,
  body: Readable,
): Promise<VoiceNote> {
  if (!(await padExists(deps.db, ownerId, padId))) throw notFound('This pad');
  const fileName = checkHeaders(request, deps.maxBytes);

  const head = await readAudioHead(body).catch((error: unknown) => {
    throw body.destroyed && !body.readableEnded ? interrupted() : error;
  });
  let inspected: InspectedAudio;
  try {
    inspected = inspect(head, deps.maxDurationSeconds);
  } catch (problem) {
    discardRest(body, deps.maxBytes);
    throw problem;
  }

  const now = Date.now();
  const id = newId(now);
  const storageKey = `audio/${ownerId}/${id}.${inspected.format.extension}`;
  const sizeBytes = await store(deps, storageKey, head, body);
  const remove = () => deps.storage.delete(storageKey);

  let durationSeconds: number | null = null;
  if (inspected.wav) {
    durationSeconds = wavDurationSeconds(inspected.wav, sizeBytes);
    if (durationSeconds > deps.maxDurationSeconds) {
      await remove();
      throw tooLong(durationSeconds, deps.maxDurationSeconds);
    }
  }

  try {
    await insertVoiceNote(deps.db, {
      id,
      pad_id: padId,
      owner_id: ownerId,
      ...titleFrom(fileName),
      status: 'pending',
      failure_reason: null,
      content_type: inspected.format.mime,
      size_bytes: sizeBytes,
      storage_key: storageKey,
      duration_seconds: durationSeconds,
      transcript: null,
      segments: null,
      lease_owner: null,
      lease_expires_at: null,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // The pad may have been deleted while the audio streamed in.
    await remove();
    if (!(await padExists(deps.db, ownerId, padId))) throw notFound('This pad');
    throw error;
  }
  deps.onQueued();
  const row = await findVoiceNote(deps.db, ownerId, padId, id);
  if (!row) throw notFound('This voice note');
  return presentVoiceNote(row);
}

/** Refusals that need no body: the declared type, the file name and the declared size. */
function checkHeaders(request: FastifyRequest, maxBytes: number): string | undefined {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTED_TYPE.test(contentType)) throw notAudioHeader();
  const fileName = attachmentFileName(request.headers['content-disposition']);
  if (fileName === null) {
    throw badRequest(
      'The Content-Disposition header must be: attachment; filename="recording.wav".',
      'Content-Disposition',
    );
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  return fileName;
}

/** The first bytes, as many as it takes to see past an ID3 tag to the audio. */
async function readAudioHead(body: Readable): Promise<Buffer> {
  let head = await readHead(body, SNIFF_BYTES);
  while (sniffLength(head) > head.length) {
    const more = await readHead(body, sniffLength(head) - head.length);
    if (more.length === 0) break;
    head = Buffer.concat([head, more]);
  }
  return head;
}

/** What the first bytes say: the format, and for WAV whether it is too long already. */
function inspect(head: Buffer, maxDurationSeconds: number): InspectedAudio {
  let inspected: InspectedAudio;
  try {
    inspected = inspectAudio(head);
  } catch (error) {
    throw error instanceof AudioDecodeError ? refusal(error) : error;
  }
  const { wav } = inspected;
  if (wav?.dataBytes !== undefined) {
    const declaredSeconds = wav.dataBytes / wav.byteRate;
    if (declaredSeconds > maxDurationSeconds) throw tooLong(declaredSeconds, maxDurationSeconds);
  }
  return inspected;
}

function refusal(error: AudioDecodeError): ApiProblem {
  switch (error.code) {
    case 'empty_audio':
      return emptyUpload();
    case 'unsupported_format':
      return unsupportedAudio();
    case 'not_wav':
    case 'truncated':
      return damagedWav();
    default:
      return badRequest(error.message, 'file');
  }
}

/** Streams head + rest to storage within the size limit; on any failure nothing stays. */
async function store(deps: UploadDeps, storageKey: string, head: Buffer, rest: Readable): Promise<number> {
  const limited = new PassThrough();
  const writing = deps.storage.put(storageKey, limited);
  try {
    await pipeline(resumeBody(rest, head), byteLimit(deps.maxBytes), limited);
    return (await writing).sizeBytes;
  } catch (error) {
    discardRest(rest, deps.maxBytes);
    // Let storage finish removing its partial file before answering.
    await writing.catch(() => undefined);
    await deps.storage.delete(storageKey);
    if (error instanceof ByteLimitExceeded) throw tooLarge(deps.maxBytes);
    if (rest.destroyed && !rest.readableEnded) throw interrupted();
    throw error;
  }
}

/** A recording is "Voice note" until its transcript names it; a file keeps its name. */
function titleFrom(fileName: string | undefined): { title: string; title_source: 'default' | 'file' } {
  const stem = fileName?.replace(/\.[^.]+$/, '').trim();
  if (!stem || stem.toLowerCase() === 'recording') return { title: 'Voice note', title_source: 'default' };
  return { title: stem.slice(0, LIMITS.voiceNoteTitleMax), title_source: 'file' };
}
