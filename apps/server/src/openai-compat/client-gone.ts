import type { FastifyReply } from 'fastify';
import { OpenAiProblem } from './openai-problem.ts';

/**
 * A signal that fires when the connection closes before the answer is written, so a client
 * that gives up stops the decoding and the engine instead of leaving them to run.
 */
export function clientGone(reply: FastifyReply): { signal: AbortSignal; stop: () => void } {
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
