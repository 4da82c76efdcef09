import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VoiceNoteRow } from '../db/schema.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { notFound } from '../http/api-problem.ts';

/**
 * Streams a note's audio, honouring a single `Range: bytes=a-b` so players can seek.
 * An unsatisfiable range answers 416 with the real size, as RFC 9110 asks.
 */
export async function sendAudio(
  storage: BlobStorage,
  note: VoiceNoteRow,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const size = await storage.size(note.storage_key);
  if (size === undefined) throw notFound('The audio of this voice note');
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', note.content_type)
    .header('Cache-Control', 'private, max-age=3600')
    .header('Content-Disposition', 'inline');

  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(await storage.get(note.storage_key, range));
  }
  reply.header('Content-Length', size);
  return reply.send(await storage.get(note.storage_key));
}

export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple or malformed ranges: serve the whole file, which clients must accept.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
