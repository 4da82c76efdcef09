import type { FastifyBaseLogger } from 'fastify';
import { Server } from '@tus/server';
import { UPLOADS_PATH, VOICE_NOTE_ID_HEADER } from '@voxpad/shared/uploads';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { ApiProblem } from '../http/api-problem.ts';
import { newId } from '../lib/ids.ts';
import { admitUpload } from './admit-upload.ts';
import { checkAudioStart } from './audio-start-check.ts';
import { BlobPartsStore } from './blob-parts-store.ts';
import { finishUpload, type FinishDeps } from './finish-upload.ts';
import { confirmOpenUpload, type OpenUploadLimits } from './open-upload-limits.ts';
import { isTusError, tusProblem } from './upload-problems.ts';

export interface TusEndpointDeps extends FinishDeps {
  limits: OpenUploadLimits;
}

/** One request as the route authenticated it; the tus hooks look it up by the request. */
export interface UploadCall {
  ownerId: string;
  /** The upload the URL names; undefined for a creation. */
  uploadId: string | undefined;
  log: FastifyBaseLogger;
  /** Headers a refusal carries besides its body (Retry-After on a quota's 429). */
  problemHeaders: Record<string, string>;
}

/**
 * The tus 1.0.0 server (@tus/server) over the blob-parts store, with Voxpad's rules in its
 * hooks: creation admits the upload (admit-upload.ts), the last byte files it as a voice
 * note (finish-upload.ts) and names the note in a header, and every refusal is answered in
 * the product API's error shape. It speaks web Requests; uploads-routes.ts adapts Fastify.
 */
export class TusEndpoint {
  readonly store: BlobPartsStore;
  private readonly server: Server;
  private readonly calls = new WeakMap<Request, UploadCall>();
  /** Owners of uploads admitted by onUploadCreate, until the store records them. */
  private readonly admitted = new Map<string, string>();

  constructor(private readonly deps: TusEndpointDeps) {
    this.store = new BlobPartsStore({
      db: deps.db,
      storage: deps.storage,
      limits: deps.limits,
      ownerOfNewUpload: (id) => {
        const owner = this.admitted.get(id);
        this.admitted.delete(id);
        return owner;
      },
      confirmNew: (ownerId, lengthBytes) => confirmOpenUpload(deps, deps.limits, ownerId, lengthBytes),
      checkStart: (upload) => checkAudioStart(deps.storage, upload, deps.maxDurationSeconds),
    });
    this.server = new Server({
      path: UPLOADS_PATH.slice(0, -1),
      datastore: this.store,
      maxSize: deps.maxBytes,
      namingFunction: () => newId(),
      generateUrl: (_req, { id }) => `${UPLOADS_PATH}${id}/`,
      getFileIdFromRequest: (req) => this.calls.get(req)?.uploadId,
      // Same origin only: no Access-Control-Allow-Origin is ever sent.
      allowedOrigins: [],
      exposedHeaders: [VOICE_NOTE_ID_HEADER],
      onUploadCreate: async (req, upload) => {
        await admitUpload(deps, this.callOf(req).ownerId, upload);
        this.admitted.set(upload.id, this.callOf(req).ownerId);
        return {};
      },
      onUploadFinish: async (req, upload) => {
        const call = this.callOf(req);
        const note = await finishUpload(deps, call.log, call.ownerId, upload.id);
        return { headers: { [VOICE_NOTE_ID_HEADER]: note.id } };
      },
      onResponseError: (req, error) => {
        const problem = this.problemOf(req, error);
        return { status_code: problem.status, body: JSON.stringify(problem.toJSON()) };
      },
    });
  }

  /** Answers one tus request made by `call`'s caller. */
  handle(request: Request, call: UploadCall): Promise<Response> {
    this.calls.set(request, call);
    return this.server.handleWeb(request);
  }

  /** Removes expired uploads; the periodic clean-up calls this. */
  cleanUpExpired(): Promise<number> {
    return this.server.cleanUpExpiredUploads();
  }

  private callOf(req: Request): UploadCall {
    const call = this.calls.get(req);
    if (!call) throw new Error('A tus request reached the server without going through the route.');
    return call;
  }

  private problemOf(req: Request, error: unknown): ApiProblem {
    const call = this.calls.get(req);
    if (error instanceof ApiProblem) {
      if (call) Object.assign(call.problemHeaders, error.headers);
      return error;
    }
    // A refusal of the client's request is answered in words; only what is left is our fault.
    const refusal = isTusError(error) ? tusProblem(error, this.deps.maxBytes) : undefined;
    if (refusal && refusal.status < 500) return refusal;
    call?.log.error({ err: error }, 'upload request failed');
    return new ApiProblem(500, [
      { code: API_ERROR_CODES.serverError, message: 'Something went wrong on our side. Please try again.' },
    ]);
  }
}
