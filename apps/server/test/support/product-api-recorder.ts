import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { expect, inject } from 'vitest';
import { API_BASE } from '../../src/api-description/catalogue.ts';
import { openApiDocument } from '../../src/api-description/openapi-document.ts';
import { recordValidation } from '../conformance/contract-coverage.ts';
import { ProductApiContract, type Answer, type Verdict } from '../conformance/product-api-contract.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the API projects' test apps record how their product API answers conformed. */
    productApiContractDir: string | undefined;
  }
}

export type RecordedVerdict = Verdict & { testFile: string };

let contract: ProductApiContract | undefined;

/**
 * Hooks for a test app of an API project (ADR 0049): every answer of a /api/v1 route, and each
 * live socket opened, is checked against the OpenAPI document and the verdict appended to the
 * run's directory. Nothing fails here (a throw in a hook would change the answer the test
 * reads); the project's global teardown (product-api-setup.ts) fails the run instead.
 * Undefined outside the API projects.
 */
export function productApiRecorder(): ((app: FastifyInstance) => void) | undefined {
  const dir = inject('productApiContractDir');
  if (!dir) return undefined;
  const write = (answer: Answer) => {
    contract ??= new ProductApiContract(openApiDocument());
    const verdict = contract.check(answer);
    recordValidation<RecordedVerdict>(dir, { ...verdict, testFile: expect.getState().testPath ?? 'unknown' });
  };
  const routeOf = (request: FastifyRequest): string | undefined => {
    const route = request.routeOptions.url;
    return route?.startsWith(`${API_BASE}/`) ? route : undefined;
  };
  return (app) => {
    // An upgraded socket never answers through onSend: it is recorded once admitted.
    app.addHook('preHandler', (request, _reply, done) => {
      const route = routeOf(request);
      if (route && request.ws) {
        write({
          method: request.method,
          route,
          status: 101,
          contentType: undefined,
          headers: {},
          text: undefined,
        });
      }
      done();
    });
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
      const route = routeOf(request);
      if (route) {
        const contentType = reply.getHeader('content-type');
        write({
          method: request.method,
          route,
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : undefined,
          headers: reply.getHeaders(),
          text:
            typeof payload === 'string'
              ? payload
              : Buffer.isBuffer(payload)
                ? payload.toString('utf8')
                : undefined,
        });
      }
      done(null, payload);
    });
  };
}
