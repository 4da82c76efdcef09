/**
 * /api/v1/public/shares/{token}/: a share link as anyone holding it reads it, without a
 * session. Every answer (errors too) is kept out of search engines, caches and Referer headers,
 * and every request counts against the visitor's address. ADR 0044.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unlockShareSchema, type PublicShare } from '@voxpad/shared/shares';
import { parseInput } from '../http/api-problem.ts';
import { parseRange } from '../voice-notes/audio-response.ts';
import { SHARE_ACCESS_COOKIE, SHARE_ACCESS_TTL_MS } from './share-access.ts';
import { shareGone, tooManyReads } from './share-problems.ts';
import {
  readPublicShare,
  sharedAudio,
  unlockShare,
  type PublicSharesSettings,
  type SharedAudio,
  type Visit,
} from './public-shares-service.ts';

export const PUBLIC_SHARES_PREFIX = '/public/shares';

type TokenParams = { Params: { token: string } };
type NoteParams = { Params: { token: string; index: string } };
type AudioQuery = { Querystring: { download?: string } };

/** The headers of every answer about a link. */
const PUBLIC_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

/** Registered with the prefix PUBLIC_SHARES_PREFIX inside /api/v1. */
export function publicSharesApi(
  app: FastifyInstance,
  deps: PublicSharesSettings & { secure: boolean },
): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(PUBLIC_HEADERS);
    if (!(await deps.limiter.consume('share_read', { ip: request.ip }))) throw tooManyReads();
  });

  app.get<TokenParams>('/:token/', async (request): Promise<PublicShare> => {
    return readPublicShare(deps, visitOf(request));
  });

  app.post<TokenParams>('/:token/unlock', async (request, reply) => {
    const { password } = parseInput(unlockShareSchema, request.body);
    const { access } = await unlockShare(deps, request.params.token, password, request.ip);
    if (access !== undefined) {
      reply.setCookie(SHARE_ACCESS_COOKIE, access, {
        // This link's addresses only: the cookie opens no other link.
        path: `/api/v1${PUBLIC_SHARES_PREFIX}/${encodeURIComponent(request.params.token)}`,
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secure || request.protocol === 'https',
        maxAge: SHARE_ACCESS_TTL_MS / 1000,
      });
    }
    return reply.status(204).send();
  });

  app.get<TokenParams & AudioQuery>('/:token/audio', async (request, reply) => {
    const audio = await sharedAudio(deps, visitOf(request), undefined, wantsDownload(request.query));
    return sendSharedAudio(audio, request, reply);
  });

  app.get<NoteParams & AudioQuery>('/:token/notes/:index/audio', async (request, reply) => {
    const index = /^\d{1,6}$/.test(request.params.index) ? Number(request.params.index) : undefined;
    if (index === undefined) throw shareGone();
    const audio = await sharedAudio(deps, visitOf(request), index, wantsDownload(request.query));
    return sendSharedAudio(audio, request, reply);
  });
}

function visitOf(request: FastifyRequest<TokenParams>): Visit {
  return { token: request.params.token, access: request.cookies[SHARE_ACCESS_COOKIE] };
}

const wantsDownload = (query: { download?: string }) => query.download === '1';

/**
 * Sends the audio, honouring a single `Range: bytes=a-b` so the player can seek; an
 * unsatisfiable range answers 416 with the real size (RFC 9110). Inline for the player, or an
 * attachment when a download was asked for and allowed.
 */
async function sendSharedAudio(audio: SharedAudio, request: FastifyRequest, reply: FastifyReply) {
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', audio.contentType)
    .header('Content-Disposition', disposition(audio.downloadName));
  const range = parseRange(request.headers.range, audio.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${audio.size}`).send();
  }
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${audio.size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(await audio.read(range));
  }
  reply.header('Content-Length', audio.size);
  return reply.send(await audio.read());
}

function disposition(downloadName: string | undefined): string {
  if (downloadName === undefined) return 'inline';
  const ascii = downloadName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`;
}
