/**
 * A zip upload written to a temporary file as it arrives (reading a zip needs its end first),
 * never held in memory, and cut off past the size limit.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteLimit, ByteLimitExceeded } from '../http/byte-limit.ts';
import { discardRest, resumeBody } from '../voice-notes/request-head.ts';
import { interrupted } from '../voice-notes/upload-problems.ts';
import { zipTooLarge } from './import-problems.ts';

export async function spoolUpload(
  body: Readable,
  dir: string,
  id: string,
  maxBytes: number,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${id}.zip`);
  try {
    // A copy of the body is torn down on failure, so the request can still be drained and answered.
    await pipeline(
      resumeBody(body, Buffer.alloc(0)),
      byteLimit(maxBytes),
      createWriteStream(file, { flags: 'wx' }),
    );
    return file;
  } catch (error) {
    await rm(file, { force: true });
    discardRest(body, maxBytes);
    if (error instanceof ByteLimitExceeded) throw zipTooLarge(maxBytes);
    if (body.destroyed && !body.readableEnded) throw interrupted();
    throw error;
  }
}
