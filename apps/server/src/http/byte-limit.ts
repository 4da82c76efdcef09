import { Transform, type TransformCallback } from 'node:stream';

export class ByteLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`More than ${limit} bytes`);
    this.name = 'ByteLimitExceeded';
  }
}

/** Passes bytes through until `limit` is crossed, then fails the stream. */
export function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new ByteLimitExceeded(limit));
      else callback(null, chunk);
    },
  });
}
