/**
 * Errors a live socket raises after the upgrade (@fastify/websocket hands every one here).
 * A frame the client got wrong (over the 1 MiB limit, a bad opcode, text that is not UTF-8:
 * ws names these `WS_ERR_...`) is the client's doing: ws has already begun closing with the
 * code that says why (1009 for a frame too large), so the close is left to reach the client
 * and the event is logged at info. Anything else is ours: logged as an error, the socket cut.
 */
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

export function isClientFramingError(error: Error): boolean {
  return 'code' in error && typeof error.code === 'string' && error.code.startsWith('WS_ERR_');
}

export function onLiveSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  if (isClientFramingError(error)) {
    request.log.info({ err: error }, 'a client broke the WebSocket framing; its live socket was closed');
    return;
  }
  request.log.error({ err: error }, 'a live socket failed');
  socket.terminate();
}
