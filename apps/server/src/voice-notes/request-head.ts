import { Readable } from 'node:stream';

/**
 * Reads the first `size` bytes of a stream (fewer if it ends sooner) so they can be looked
 * at before deciding where, or whether, the rest goes. Give them back with `putBack`.
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
    const onClose = () => done(stream.readableEnded ? undefined : new Error('The upload was interrupted.'));
    stream.on('readable', onReadable);
    stream.on('end', onReadable);
    stream.on('error', done);
    stream.on('close', onClose);
  });
}

/**
 * Puts the head back in front of the unread rest, so the stream reads whole again. Piping
 * the request itself (not a copy) keeps Node's handling of a server request that fails
 * mid-way: the connection stays usable and the client receives the answer.
 */
export function putBack(stream: Readable, head: Buffer): Readable {
  if (stream.readableEnded) return Readable.from(head.length > 0 ? [head] : []);
  if (head.length > 0) stream.unshift(head);
  return stream;
}

/**
 * After an early refusal the client may still be sending. Reading the rest keeps the
 * connection usable and lets the client see the answer; past `maxBytes` it is cut off.
 */
export function discardRest(stream: Readable, maxBytes: number): void {
  let seen = 0;
  stream.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) stream.destroy();
  });
  stream.on('error', () => undefined);
  stream.resume();
}
