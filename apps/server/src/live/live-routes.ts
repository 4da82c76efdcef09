/**
 * GET /api/v1/pad/{id}/voicenote/live/ upgraded to a WebSocket (docs/live-protocol.md).
 * Everything that can be refused is refused before the upgrade, as a plain HTTP answer in the
 * API's error shape: a foreign Origin (403; a page elsewhere cannot ride the session cookie),
 * no session (401), a pad that is not the user's (404), an upload quota spent or as many
 * sockets open as the user may hold (429, live-stream-slots.ts).
 * Every open socket is pinged (socket-heartbeat.ts) at least twice within the idle limit, so a
 * peer that vanished is found as soon as one that is silent.
 * When the server closes, what still runs for an open stream (an Opus stream's ffmpeg) is
 * stopped and reaped before it finishes closing.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { appOrigin } from '../auth/links.ts';
import { ApiProblem, notFound } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { sameServerOrigins } from '../http/same-server-origins.ts';
import { padExists } from '../pads/pads-repository.ts';
import { readFormatTranscripts } from '../settings/settings-repository.ts';
import type { LiveDecoderPool } from '../transcription/pocketsphinx/live-decoder-pool.ts';
import type { DecodeModel, PersonalModelLookup } from '../transcription/personal-model.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { CLOSE, type ServerMessage } from './live-protocol.ts';
import { type LiveContext, type LiveDeps, LiveSession } from './live-session.ts';
import { LiveStreamSlots } from './live-stream-slots.ts';
import { keepAlive, MAX_PING_INTERVAL_MS } from './socket-heartbeat.ts';

export interface LiveRouteDeps extends Omit<LiveDeps, 'log'> {
  /** PUBLIC_URL's origin, when set: the app's own origin. */
  publicUrl: string | undefined;
  /** The engine of this process, made on first use. */
  engine: () => Promise<Transcriber>;
  /** LIVE_STREAMS_PER_USER: sockets one user may hold open at once in this process. */
  streamsPerUser: number;
  /** Decoder threads lent to streams for incremental decoding (pocketsphinx only). */
  liveDecoders?: LiveDecoderPool | undefined;
  /** The owner's build to decode finals with (ADR 0040). */
  personalModel?: PersonalModelLookup | undefined;
}

interface PadParams {
  padId: string;
}

export function registerLiveRoutes(app: FastifyInstance, deps: LiveRouteDeps): void {
  const admitted = new WeakMap<FastifyRequest, LiveContext>();
  // Sessions whose input may still run: until their socket closed and the input finished.
  const open = new Set<LiveSession>();
  const streams = new LiveStreamSlots(deps.streamsPerUser);
  app.addHook('onClose', async () => {
    await Promise.all([...open].map((session) => session.close()));
  });

  app.get<{ Params: PadParams }>(
    '/pad/:padId/voicenote/live/',
    {
      websocket: true,
      preValidation: async (request) => {
        checkOrigin(request, deps.publicUrl);
        const ownerId = await requireUserId(request);
        const { padId } = request.params;
        if (!(await padExists(deps.filing.db, ownerId, padId))) throw notFound('This pad');
        const engine = await deps.engine();
        // Last before the quota, so a refusal here reserves nothing; a refused upgrade's
        // connection closes, which frees the place again.
        streams.hold(ownerId, request.raw.socket);
        const allowance = await deps.quotas.admitUpload(ownerId, undefined, { stores: true });
        const formatTranscripts = await readFormatTranscripts(deps.filing.db, ownerId);
        const model = await personalModelFor(deps, engine, ownerId, request.log);
        admitted.set(request, { ownerId, padId, engine, allowance, formatTranscripts, model });
      },
    },
    (socket: WebSocket, request) => {
      const admission = admitted.get(request);
      if (!admission) {
        socket.close(CLOSE.internal, 'not admitted');
        return;
      }
      // Over the pool's bound there is none: the engine decodes utterance by utterance.
      const stream = admission.engine.name === 'pocketsphinx' ? deps.liveDecoders?.lease() : undefined;
      const context: LiveContext = { ...admission, stream };
      const session = new LiveSession({ ...deps, log: request.log }, context, {
        send: (message: ServerMessage) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
        close: (code, reason) => socket.close(code, reason),
        pause: () => socket.pause(),
        resume: () => socket.resume(),
      });
      socket.on('message', (data, isBinary) => {
        const bytes = Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.isBuffer(data)
            ? data
            : Buffer.from(data);
        if (isBinary) session.audio(bytes);
        else session.text(bytes.toString('utf8'));
      });
      open.add(session);
      keepAlive(socket, Math.min(MAX_PING_INTERVAL_MS, deps.idleMs / 2));
      socket.on('close', () => {
        session.ended();
        void session.idle().then(() => open.delete(session));
      });
    },
  );
}

/**
 * Browsers always send Origin on a WebSocket; other clients set it to the app's address. On
 * loopback a page at 127.0.0.1 is the same server as one at localhost (`npm start`).
 */
function checkOrigin(request: FastifyRequest, publicUrl: string | undefined): void {
  const origin = request.headers.origin;
  const expected = appOrigin(request, publicUrl);
  if (origin !== undefined && sameServerOrigins(expected).includes(origin)) return;
  throw new ApiProblem(403, [
    {
      code: API_ERROR_CODES.csrfFailed,
      message: origin
        ? `Live transcription only accepts connections from ${expected}, not ${origin}.`
        : `Send the Origin header (${expected}) to open a live transcription.`,
    },
  ]);
}

/** The owner's build for a pocketsphinx stream; a failure to open it is logged once, never fatal. */
async function personalModelFor(
  deps: LiveRouteDeps,
  engine: Transcriber,
  ownerId: string,
  log: FastifyBaseLogger,
): Promise<DecodeModel | undefined> {
  if (engine.name !== 'pocketsphinx' || !deps.personalModel) return undefined;
  const model = await deps.personalModel(ownerId);
  if (!model) return undefined;
  let told = false;
  return {
    model,
    onModelFailure: (reason) => {
      if (told) return;
      told = true;
      log.warn({ reason, buildId: model.buildId }, 'personal model failed to open; decoding with stock');
    },
  };
}
