/**
 * The described API (ADR 0049): the catalogue and the routes agree both ways, the document is
 * valid OpenAPI 3.1, it and its reference page are served publicly and cacheably, and the page
 * keeps its strict CSP. The API projects check every other answer against the document.
 */
import { createHash } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, UNDESCRIBED_ROUTES } from '../../src/api-description/catalogue.ts';
import { openApiDocument } from '../../src/api-description/openapi-document.ts';
import { REFERENCE_PAGE_CSP } from '../../src/api-description/reference-page.ts';
import { documentOperations, templateOf } from '../conformance/product-api-contract.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const routes: RouteOptions[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(
    { DEV_OUTBOX: '1' },
    { instrument: (instance) => instance.addHook('onRoute', (route) => void routes.push(route)) },
  );
});
afterAll(() => app.close());

/** "METHOD /api/v1/{template}" of every route under /api/v1, without the HEAD twin Fastify adds to a GET. */
function routeTable(): string[] {
  const entries = routes
    .filter((route) => route.url.startsWith(`${API_BASE}/`))
    .flatMap((route) => [route.method].flat().map((method) => `${method} ${templateOf(route.url)}`));
  const all = new Set(entries);
  return [...all].filter((entry) => {
    const [method, path] = entry.split(' ');
    return !(method === 'HEAD' && all.has(`GET ${path}`));
  });
}

describe('the catalogue', () => {
  it('describes every route under /api/v1, and nothing that is not one', () => {
    const described = documentOperations(openApiDocument());
    const leftOut = UNDESCRIBED_ROUTES.map((r) => `${r.method} ${API_BASE}${r.path}`);
    const table = routeTable();
    expect(table.length).toBeGreaterThan(40);
    const undocumented = table.filter((route) => !described.includes(route) && !leftOut.includes(route));
    const unserved = [...described, ...leftOut].filter((operation) => !table.includes(operation));
    expect(
      undocumented,
      'routes the catalogue lacks (add an entry under api-description/operations/)',
    ).toEqual([]);
    expect(unserved, 'catalogue entries no route answers').toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  const doc = openApiDocument();

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has schemas that compile as JSON Schema 2020-12, and one error shape every error refers to', () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(doc as object, 'openapi');
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.getSchema(`openapi#/components/schemas/${name}`), name).not.toThrow();
    }
    const validateError = ajv.getSchema('openapi#/components/schemas/ErrorResponse')!;
    expect(
      validateError({ status: 404, errors: [{ code: 'not_found', message: 'This pad was not found.' }] }),
    ).toBe(true);
    expect(validateError({ status: 404, errors: [] })).toBe(false);
    const errorBodies = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((op) => Object.entries(op.responses))
      .filter(([status, response]) => (status === 'default' || Number(status) >= 400) && response.content)
      .map(([, response]) => response.content?.['application/json']?.schema?.$ref);
    expect(new Set(errorBodies)).toEqual(new Set(['#/components/schemas/ErrorResponse']));
  });
});

describe('serving the description', () => {
  it('serves the document to anyone, cacheable and without cookies', async () => {
    const res = await fetch(`${app.baseUrl}${API_BASE}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${app.baseUrl}${API_BASE}/openapi.json`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });

  it('serves a reference page with no script, nothing from elsewhere and a CSP that holds', async () => {
    const client = new TestClient(app.baseUrl);
    const res = await client.request('GET', `${API_BASE}/docs`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('set-cookie')).toBeNull();
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBe(REFERENCE_PAGE_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // The one inline stylesheet is the one the policy's hash allows; there is no other.
    const styles = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(csp).toContain(`'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`);
    expect(res.text).not.toMatch(/<script|<link|<img|<iframe|\sstyle=|\son\w+=/i);
    const links = [...res.text.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.filter((link) => !link.startsWith('#') && link !== 'openapi.json')).toEqual([]);

    // Every tag and operation, with their parameters, bodies, answers and examples.
    const doc = openApiDocument();
    for (const tag of doc.tags) expect(res.text).toContain(`>${tag.name.replace(/&/g, '&#38;')}</h2>`);
    for (const op of Object.values(doc.paths).flatMap((item) => Object.values(item))) {
      expect(res.text).toContain(`<article id="${op.operationId}"`);
    }
    expect(res.text).toContain('<caption>Parameters</caption>');
    expect(res.text).toContain('<h4>Request body</h4>');
    expect(res.text).toContain('&#34;name&#34;: &#34;Beekeeping&#34;');
    expect(res.text).toContain('<a href="#schema-errorresponse">ErrorResponse</a>');
    expect(res.text).toContain('<details id="schema-voicenote">');

    const cached = await client.request('GET', `${API_BASE}/docs`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(cached.status).toBe(304);
  });
});

describe('operations no other API test calls', () => {
  // The product API projects fail a full run on an operation never exercised (ADR 0049).
  it('answers tus discovery at an upload’s address too, to anyone', async () => {
    const res = await fetch(`${app.baseUrl}${API_BASE}/uploads/anything/`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
  });
});
