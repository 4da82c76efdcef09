import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer goes as it is: compressing it saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** Fast levels: an answer is compressed on every request, not once as the web app's files are. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Coding = 'br' | 'gzip';

/**
 * The coding to answer in, from an Accept-Encoding header: brotli, then gzip, each unless the
 * client gives it q=0 (or refuses `*` and does not name it).
 */
export function chooseCoding(header: string | undefined): Coding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: Coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/.test(type);
}

/**
 * Compresses the product API's JSON answers to GET requests from COMPRESS_MIN_BYTES up (note
 * lists, transcripts with their word times: tens to hundreds of KiB), so that `npm start`
 * without a proxy does not send them raw to a phone. Only whole bodies: streams (audio, the
 * progress stream, exports) pass untouched. Only GET: answers to unsafe requests may reflect
 * what was sent beside a secret made for it (an API token), which compression would let an
 * observer probe (BREACH); the auth API is left out for the same reason (ADR 0051).
 */
export function registerCompression(app: FastifyInstance, prefixes: readonly string[]): void {
  // A callback hook, not an async one: most answers pass untouched, and they then cost no
  // promise, no copy of the body and no look at Accept-Encoding.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!worthCompressing(request, reply, payload, prefixes)) {
      done(null, payload);
      return;
    }
    const vary = reply.getHeader('vary');
    reply.header(
      'vary',
      typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Encoding` : 'Accept-Encoding',
    );
    const coding = chooseCoding(request.headers['accept-encoding']);
    if (!coding) {
      done(null, payload);
      return;
    }
    compress(coding, typeof payload === 'string' ? Buffer.from(payload) : payload).then((compressed) => {
      reply.header('content-encoding', coding);
      reply.removeHeader('content-length');
      done(null, compressed);
    }, done);
  });
}

/** A whole JSON body of at least COMPRESS_MIN_BYTES answering a GET under one of `prefixes`. */
function worthCompressing(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  prefixes: readonly string[],
): payload is string | Buffer {
  if (request.method !== 'GET' || !prefixes.some((prefix) => request.url.startsWith(prefix))) return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) {
    return false;
  }
  // A string has at least as many bytes as characters: only a short one needs counting.
  const long =
    payload.length >= COMPRESS_MIN_BYTES ||
    (typeof payload === 'string' && Buffer.byteLength(payload) >= COMPRESS_MIN_BYTES);
  return long && isJson(reply);
}

function compress(coding: Coding, body: Buffer): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: GZIP_LEVEL });
}
