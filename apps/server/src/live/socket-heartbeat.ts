/**
 * Keeps a live socket honest about its peer. A network that drops without a word (a laptop
 * lid closed, a phone leaving coverage) leaves no close behind, so the server pings every
 * `intervalMs`; a peer that has not answered one ping by the next is gone and its socket is
 * ended, which the session treats as a cut stream. Browsers and `ws` answer pings on their own.
 * While the server itself holds the socket (back-pressure), answers cannot be read, so no
 * ping is judged then.
 */
import type { WebSocket } from 'ws';

/** Never longer between pings than this, whatever the idle limit. */
export const MAX_PING_INTERVAL_MS = 30_000;

export function keepAlive(socket: WebSocket, intervalMs: number): () => void {
  let answered = true;
  const onPong = () => {
    answered = true;
  };
  socket.on('pong', onPong);
  const timer = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.isPaused) {
      answered = true;
      return;
    }
    if (!answered) {
      socket.terminate();
      return;
    }
    answered = false;
    socket.ping();
  }, intervalMs);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    socket.off('pong', onPong);
  };
  socket.once('close', stop);
  return stop;
}
