import type { FastifyReply } from 'fastify';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { PEAKS_CONTENT_TYPE, PEAKS_ERROR_CODES } from '@voxpad/shared/peaks';

import type { PeaksOutcome } from './peaks-service.ts';

/** Seconds a waiting client is told to wait before asking again. */
const RETRY_SECONDS = 3;

const PENDING_MESSAGES = {
  transcribing:
    'The waveform is made while the recording is transcribed. Try again once the transcript is ready.',
  making: 'The waveform of this recording is being made. Try again in a few seconds.',
} as const;

export function sendPeaks(reply: FastifyReply, outcome: PeaksOutcome): FastifyReply {
  switch (outcome.kind) {
    case 'ready':
      return reply
        .header('Content-Type', PEAKS_CONTENT_TYPE)
        .header('Content-Length', outcome.sizeBytes)
        .header('Cache-Control', 'private, max-age=3600')
        .send(outcome.body);
    case 'pending':
      return reply
        .status(202)
        .header('Retry-After', String(RETRY_SECONDS))
        .send({
          status: 202,
          errors: [{ code: PEAKS_ERROR_CODES.pending, message: PENDING_MESSAGES[outcome.reason] }],
        });
    case 'unreadable':
      return reply.status(404).send({
        status: 404,
        errors: [
          {
            code: API_ERROR_CODES.notFound,
            message: 'This recording has no waveform: its audio could not be read.',
          },
        ],
      });
    case 'not_found':
      return reply.status(404).send({
        status: 404,
        errors: [{ code: API_ERROR_CODES.notFound, message: 'This voice note was not found.' }],
      });
  }
}
