import fs from 'node:fs';
import path from 'node:path';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';

/**
 * Paths that belong to an API (the product API, allauth's headless API under both names, the
 * OpenAI-compatible API): an unknown one is a JSON 404, never the web app.
 */
const API_ROOTS = ['/api', '/_headless', '/_allauth', '/v1'];
/** The built app's own files: a missing one (a chunk of an older build) is a 404, not a page. */
const ASSET_ROOT = '/assets/';
/**
 * The web app's page of a share link (ADR 0044): kept out of search engines, and the token in
 * its address out of Referer headers and caches.
 */
const SHARE_PAGE_ROOT = '/s/';
const SHARE_PAGE_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

function pathOf(request: FastifyRequest): string {
  const end = request.url.search(/[?#]/);
  return end === -1 ? request.url : request.url.slice(0, end);
}

function isApiPath(urlPath: string): boolean {
  return API_ROOTS.some((root) => urlPath === root || urlPath.startsWith(`${root}/`));
}

/** A file of the built app: a hashed asset, or a top-level file such as sw.js or an icon. */
function isWebAppFile(urlPath: string): boolean {
  return !isApiPath(urlPath) && (urlPath.startsWith(ASSET_ROOT) || /^\/[^/]+\.[a-z0-9]+$/i.test(urlPath));
}

/**
 * Fastify's request logging, with the web app's files at debug: one page load fetches a dozen
 * of them, which buried the requests that matter at info.
 */
export class WebAppFileLogging extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (isWebAppFile(pathOf(request))) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (!error && isWebAppFile(pathOf(request))) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else {
      super.requestCompleted(error, request, reply, metadata);
    }
  }
}

/**
 * Serves the built web app. Every other GET (or HEAD) that no route answers gets index.html
 * (history fallback), whatever it accepts: a client route survives a reload, and `curl /`
 * gets the app, not an error. API paths and missing build files get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/scripts/precompress.mjs):
      // sent as they are to a client that takes them, the raw file to one that does not (ADR 0051).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
        // Caches keep the compressed and the raw answer apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: only the APIs are served');
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = pathOf(request);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(urlPath) &&
      !urlPath.startsWith(ASSET_ROOT);
    if (hasSpa && isPage && urlPath.startsWith(SHARE_PAGE_ROOT)) {
      // The static plugin's own Cache-Control would replace no-store.
      return reply.headers(SHARE_PAGE_HEADERS).sendFile('index.html', { cacheControl: false });
    }
    if (hasSpa && isPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      status: 404,
      errors: [{ code: API_ERROR_CODES.notFound, message: 'There is nothing at this address.' }],
    });
  });
}
