import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';

const API_PREFIXES = ['/api/', '/_headless/', '/v1/'];

/**
 * Serves the built web app. Unknown GET paths that a browser navigates to get index.html
 * (history fallback) so client routes survive a reload; API paths get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: only the APIs are served');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      status: 404,
      errors: [{ code: API_ERROR_CODES.notFound, message: 'There is nothing at this address.' }],
    });
  });
}
