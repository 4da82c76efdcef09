import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { isId } from '../lib/ids.ts';
import { uploadCaller } from './upload-caller.ts';
import { expiredProblem } from './open-upload-limits.ts';
import { plainProblem, uploadNotFound } from './upload-problems.ts';
import { startUploadExpiry } from './upload-expiry.ts';
import { TusEndpoint, type TusEndpointDeps } from './tus-endpoint.ts';
import { findOwnUpload } from './uploads-repository.ts';

type UploadParams = { Params: { uploadId?: string } };

/** Request headers tus reads; hop-by-hop and cookie headers stay behind. */
const FORWARDED_HEADERS = [
  'content-length',
  'content-type',
  'tus-resumable',
  'upload-length',
  'upload-defer-length',
  'upload-offset',
  'upload-metadata',
  'upload-concat',
];
/** Response headers Fastify sets itself. */
const OWN_HEADERS = new Set(['content-length', 'content-type', 'connection']);

/**
 * Resumable uploads (tus 1.0.0) at /api/v1/uploads/ (ADR 0018), inside the API's plumbing:
 * request ids, security headers, CSRF on unsafe methods and the one error handler. The route
 * authenticates the caller, answers 404 for an upload that is not theirs and 410 for one
 * that expired, then hands the request to the tus server and sends its answer back.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: TusEndpointDeps & { db: Db }): void {
  const endpoint = new TusEndpoint(deps);
  const { idleMs, maxLifetimeMs } = deps.limits;
  const expiry = startUploadExpiry(
    endpoint,
    Math.min(idleMs, maxLifetimeMs),
    app.log.child({ component: 'uploads' }),
  );
  app.addHook('onClose', () => expiry.stop());

  void app.register((uploads, _options, done) => {
    // PATCH bodies are streamed into blob storage, never buffered.
    uploads.addContentTypeParser('application/offset+octet-stream', (_request, payload, parsed) => {
      parsed(null, payload);
    });

    const handle = async (request: FastifyRequest<UploadParams>, reply: FastifyReply) => {
      reply.header('Tus-Resumable', '1.0.0');
      if (request.method === 'OPTIONS')
        return send(reply, await endpoint.handle(toWebRequest(request), anonymous(request)));
      const ownerId = await uploadCaller(deps.db, request);
      const { uploadId } = request.params;
      if (uploadId !== undefined) {
        const upload = isId(uploadId) ? await findOwnUpload(deps.db, ownerId, uploadId) : undefined;
        if (!upload) throw uploadNotFound();
        if (upload.expires_at <= Date.now() && request.method !== 'DELETE')
          throw expiredProblem(deps.limits, upload);
      }
      const call = { ownerId, uploadId, log: request.log, problemHeaders: {} };
      const response = await endpoint.handle(toWebRequest(request), call);
      return send(reply, response, call.problemHeaders);
    };
    uploads.route<UploadParams>({ method: ['POST', 'OPTIONS'], url: '/uploads/', handler: handle });
    uploads.route<UploadParams>({
      method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/uploads/:uploadId/',
      handler: handle,
    });
    done();
  });
}

/** OPTIONS (tus discovery) needs no account: it tells only the version and the size limit. */
function anonymous(request: FastifyRequest) {
  return { ownerId: '', uploadId: undefined, log: request.log, problemHeaders: {} };
}

function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const body = request.body instanceof Readable ? request.body : undefined;
  const url = new URL(request.url, 'http://voxpad.invalid');
  return new Request(url, {
    method: request.method,
    headers,
    ...(body ? { body: Readable.toWeb(body) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  });
}

async function send(reply: FastifyReply, response: Response, extraHeaders: Record<string, string> = {}) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (!OWN_HEADERS.has(name)) reply.header(name, value);
  }
  reply.headers(extraHeaders);
  const text = await response.text();
  if (response.status < 400) return reply.send();
  const problem = isProblemJson(text) ? text : JSON.stringify(plainProblem(response.status, text).toJSON());
  return reply.type('application/json; charset=utf-8').send(problem);
}

function isProblemJson(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'errors' in parsed;
  } catch {
    return false;
  }
}
