import { finished, PassThrough, Readable } from 'node:stream';
import { interrupted } from './upload-problems.ts';

/**
 * Reads the first `size` bytes of a stream (fewer if it ends sooner) so they can be looked
 * at before deciding where, or whether, the rest goes. Give them back with `resumeBody`.
 */
export async function readHead(stream: Readable, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < size) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      total += chunk.length;
    } else if (stream.readableEnded) {
      break;
    } else {
      await readableOrEnded(stream);
    }
  }
  return Buffer.concat(chunks, total);
}

function readableOrEnded(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('readable', onReadable);
      stream.off('end', onReadable);
      stream.off('error', done);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onReadable = () => done();
    const onClose = () => done(stream.readableEnded ? undefined : interrupted());
    stream.on('readable', onReadable);
    stream.on('end', onReadable);
    stream.on('error', done);
    stream.on('close', onClose);
  });
}

/**
 * The whole body again, head first, as a separate stream fed from the request. When the
 * upload fails part-way (too large, storage error) only this copy is torn down: the
 * request stays whole, so `discardRest` can read what is still coming, the client
 * receives the answer and the connection stays usable. A client that goes away ends the
 * copy with an error, as it would the request.
 */
export function resumeBody(request: Readable, head: Buffer): Readable {
  if (request.readableEnded) return Readable.from(head.length > 0 ? [head] : []);
  if (head.length > 0) request.unshift(head);
  const body = new PassThrough();
  request.pipe(body);
  const stop = finished(request, (error) => {
    stop();
    if (error) body.destroy(error);
  });
  return body;
}

/**
 * After a refusal the client may still be sending. Reading the rest keeps the connection
 * usable and lets the client see the answer. Reading is bounded: past `maxBytes` more (with
 * a little slack, as bytes already in flight when the refusal came are not counted here)
 * the connection is cut.
 */
export function discardRest(stream: Readable, maxBytes: number): void {
  if (stream.readableEnded || stream.destroyed) return;
  stream.unpipe();
  const allowance = maxBytes + DISCARD_SLACK;
  let seen = 0;
  stream.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > allowance) stream.destroy();
  });
  stream.on('error', () => undefined);
  stream.resume();
}

const DISCARD_SLACK = 1024 * 1024;
