import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openApiDocument } from './openapi-document.ts';
import { REFERENCE_PAGE_CSP, renderReferencePage } from './reference-page.ts';

interface Published {
  body: string;
  etag: string;
}

/** Made on first request, once per process: the document changes only with the code. */
function published(render: () => string): () => Published {
  let made: Published | undefined;
  return () => {
    if (!made) {
      const body = render();
      made = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return made;
  };
}

/**
 * GET /api/v1/openapi.json and /api/v1/docs (ADR 0049): public, cacheable, the same for
 * everyone. They carry no cookie: the csrftoken a first visit would be given is taken off, so
 * a shared cache never hands one person's cookie to another.
 */
export function registerApiDescriptionRoutes(app: FastifyInstance): void {
  const document = published(() => JSON.stringify(openApiDocument()));
  const page = published(() => renderReferencePage(openApiDocument()));

  const send = (request: FastifyRequest, reply: FastifyReply, what: Published, type: string) => {
    reply.header('cache-control', 'public, max-age=3600').header('etag', what.etag);
    if (request.headers['if-none-match'] === what.etag) return reply.status(304).send();
    return reply.type(type).send(what.body);
  };
  const withoutCookies = {
    onSend: (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, payload: unknown) => void,
    ) => {
      reply.removeHeader('set-cookie');
      done(null, payload);
    },
  };

  app.get('/openapi.json', withoutCookies, (request, reply) =>
    send(request, reply, document(), 'application/json; charset=utf-8'),
  );
  app.get('/docs', withoutCookies, (request, reply) =>
    send(
      request,
      reply.header('content-security-policy', REFERENCE_PAGE_CSP),
      page(),
      'text/html; charset=utf-8',
    ),
  );
}
