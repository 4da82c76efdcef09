import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { speakersHintCount, uploadSpeakersQuerySchema } from '@voxpad/shared/speakers';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { badRequest, notFound, parseInput } from '../http/api-problem.ts';
import { padExists } from '../pads/pads-repository.ts';
import { declaredBytes } from '../quotas/quota-guard.ts';
import { attachmentFileName } from './content-disposition.ts';
import { fileWithinQuota, type FilingSettings } from './file-within-quota.ts';
import { notAudioHeader, tooLarge } from './upload-problems.ts';

/**
 * The declared type only has to say "audio": what the bytes are is sniffed. Browsers label
 * MediaRecorder output video/webm or video/mp4 even when it holds no picture.
 */
export const ACCEPTED_TYPE = /^(audio\/[\w.+-]+|application\/octet-stream|video\/webm|video\/mp4)$/;

/**
 * The raw upload endpoint: refuses what its headers already give away, has the quotas admit
 * the upload, then files the body within them (file-within-quota.ts), which leaves neither a
 * note nor a blob when anything goes wrong.
 */
export async function uploadVoiceNote(
  deps: FilingSettings,
  request: FastifyRequest,
  ownerId: string,
  padId: string,
  body: Readable,
): Promise<VoiceNote> {
  const { speakers } = parseInput(uploadSpeakersQuerySchema, request.query);
  if (!(await padExists(deps.db, ownerId, padId))) throw notFound('This pad');
  const fileName = checkHeaders(request, deps.maxBytes);
  const declared = declaredBytes(request.headers['content-length']);
  const allowance = await deps.quotas.admitUpload(ownerId, declared, { stores: true });
  const input = {
    ownerId,
    padId,
    fileName,
    body,
    speakersHint: speakers ? speakersHintCount(speakers) : null,
  };
  return fileWithinQuota(deps, input, { allowance, log: request.log });
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
