import { z } from 'zod';
import { apiErrorResponseSchema } from '@voxpad/shared/api-errors';
import { API_BASE, API_CATALOGUE, API_TAGS } from './catalogue.ts';
import type { ApiOperation, HeaderDoc, NamedSchema, ResponseDoc } from './operation.ts';

/**
 * The OpenAPI 3.1 document of the product API, made from the catalogue (ADR 0049). Schemas are
 * the shared zod ones turned into JSON Schema draft 2020-12, which is OpenAPI 3.1's own
 * dialect: answers as the server writes them (`io: output`, no unknown fields), requests and
 * query strings as the server reads them (`io: input`: defaults optional, coercions open).
 */
export type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonObject>;
    securitySchemes: Record<string, JsonObject>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, JsonObject> };
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonObject;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; required?: boolean; schema: JsonObject }>;
  content?: Record<string, { schema?: JsonObject }>;
}

export const ERROR_SCHEMA = 'ErrorResponse';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sessionid',
    description: 'The session of a logged-in browser (log in through /_headless/browser/v1/auth/login).',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRFToken',
    description: 'On POST, PUT, PATCH and DELETE with a session: the value of the `csrftoken` cookie.',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal API token (`vxp_...`) made under API tokens.',
  },
};

/**
 * Answers every operation of a kind gives, so entries need not repeat them; an entry's own
 * description of the same status wins.
 */
function commonResponses(op: ApiOperation): Record<number, ResponseDoc> {
  const common: Record<number, ResponseDoc> = {};
  if (op.body && 'json' in op.body) {
    common[400] = {
      description: 'The body is not valid: each error names its field in `param`.',
      error: true,
    };
    common[413] = { description: 'The body is larger than 1 MiB.', error: true };
    common[415] = { description: 'The body is not JSON (`Content-Type: application/json`).', error: true };
  }
  if (op.auth !== 'public') {
    common[401] = {
      description:
        op.auth === 'session'
          ? 'Not logged in (`not_authenticated`).'
          : 'Not logged in, or the API token is not valid (`not_authenticated`).',
      error: true,
    };
  }
  if (op.auth !== 'public' && UNSAFE.has(op.method)) {
    common[403] = {
      description:
        'The CSRF check failed (`csrf_failed`): send the `csrftoken` cookie’s value in `X-CSRFToken`.',
      error: true,
    };
  }
  return common;
}

function security(op: ApiOperation): Record<string, string[]>[] {
  const session: Record<string, string[]> = UNSAFE.has(op.method)
    ? { sessionCookie: [], csrfToken: [] }
    : { sessionCookie: [] };
  if (op.auth === 'public') return [];
  if (op.auth === 'session') return [session];
  return [session, { bearerToken: [] }];
}

/** Collects the named schemas of one direction, refusing one name for two schemas. */
class SchemaNames {
  readonly registry = z.registry<{ id: string }>();
  readonly #byName = new Map<string, z.ZodType>();

  use(named: NamedSchema): JsonObject {
    const known = this.#byName.get(named.name);
    if (known && known !== named.schema) {
      throw new Error(`The API catalogue names two different schemas ${named.name}.`);
    }
    if (!known) {
      this.#byName.set(named.name, named.schema);
      this.registry.add(named.schema, { id: named.name });
    }
    return ref(named.name);
  }

  get names(): string[] {
    return [...this.#byName.keys()];
  }
}

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** Drops what zod adds that says nothing to a reader: the dialect per schema, ±2^53 bounds. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') continue;
    if ((key === 'minimum' || key === 'maximum') && SAFE_INTEGER_BOUNDS.has(inner as number)) continue;
    out[key] = tidy(inner);
  }
  return out;
}

function toJsonSchemas(names: SchemaNames, io: 'input' | 'output'): Record<string, JsonObject> {
  if (names.names.length === 0) return {};
  const { schemas } = z.toJSONSchema(names.registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return tidy(schemas) as Record<string, JsonObject>;
}

function headerObjects(headers: HeaderDoc[] | undefined): OpenApiResponse['headers'] {
  if (!headers) return undefined;
  return Object.fromEntries(
    headers.map((h) => [
      h.name,
      {
        description: h.description,
        ...(h.required ? { required: true } : {}),
        schema: h.schema ?? { type: 'string' },
      },
    ]),
  );
}

function parameters(op: ApiOperation): OpenApiParameter[] {
  const params: OpenApiParameter[] = [];
  const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  for (const name of inPath) {
    const description = op.pathParams?.[name];
    if (!description) throw new Error(`${op.id}: describe the path parameter {${name}} in pathParams.`);
    params.push({ name, in: 'path', required: true, description, schema: { type: 'string' } });
  }
  for (const name of Object.keys(op.pathParams ?? {})) {
    if (!inPath.includes(name))
      throw new Error(`${op.id}: pathParams names {${name}}, which the path lacks.`);
  }
  if (op.query) {
    const schema = tidy(
      z.toJSONSchema(op.query, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }),
    ) as {
      properties?: Record<string, JsonObject>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const { description, ...rest } = property;
      params.push({
        name,
        in: 'query',
        required: schema.required?.includes(name) ?? false,
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  for (const header of op.headers ?? []) {
    params.push({
      name: header.name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: header.schema ?? { type: 'string' },
    });
  }
  return params;
}

function response(doc: ResponseDoc, outputs: SchemaNames): OpenApiResponse {
  const headers = headerObjects(doc.headers);
  let content: OpenApiResponse['content'];
  if (doc.error) content = { 'application/json': { schema: ref(ERROR_SCHEMA) } };
  else if (doc.json) content = { 'application/json': { schema: outputs.use(doc.json) } };
  else if (doc.content) {
    content = Object.fromEntries(
      doc.content.contentTypes.map((type) => [
        type,
        type === 'application/json' ? { schema: { type: 'object' } } : {},
      ]),
    );
  }
  return { description: doc.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

function operation(op: ApiOperation, inputs: SchemaNames, outputs: SchemaNames): OpenApiOperation {
  const params = parameters(op);
  const responses: Record<string, OpenApiResponse> = {};
  const all = { ...commonResponses(op), ...op.responses };
  for (const status of Object.keys(all).sort()) {
    responses[status] = response(all[Number(status)]!, outputs);
  }
  responses.default = {
    description:
      'A fault on the server’s side (5xx: `server_error`, or `database_unavailable` and `storage_unavailable` ' +
      'with Retry-After, when nothing was changed and the request may be sent again).',
    content: { 'application/json': { schema: ref(ERROR_SCHEMA) } },
  };
  let requestBody: OpenApiOperation['requestBody'];
  if (op.body && 'json' in op.body) {
    requestBody = {
      required: op.body.required ?? true,
      content: {
        'application/json': {
          schema: inputs.use(op.body.json),
          ...(op.body.example === undefined ? {} : { example: op.body.example }),
        },
      },
    };
  } else if (op.body) {
    requestBody = {
      required: true,
      description: op.body.raw.description,
      content: Object.fromEntries(op.body.raw.contentTypes.map((type) => [type, {}])),
    };
  }
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: security(op),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The document path of a catalogue entry, e.g. /api/v1/pad/{padId}/. */
export const documentPath = (op: Pick<ApiOperation, 'path'>) => `${API_BASE}${op.path}`;

export function buildOpenApiDocument(
  catalogue: readonly ApiOperation[] = API_CATALOGUE,
  tags: readonly { name: string; description: string }[] = API_TAGS,
): OpenApiDocument {
  const inputs = new SchemaNames();
  const outputs = new SchemaNames();
  outputs.use({ name: ERROR_SCHEMA, schema: apiErrorResponseSchema });
  const paths: OpenApiDocument['paths'] = {};
  const ids = new Set<string>();
  const tagNames = new Set(tags.map((t) => t.name));
  for (const op of catalogue) {
    if (ids.has(op.id)) throw new Error(`The API catalogue has two operations ${op.id}.`);
    ids.add(op.id);
    if (!tagNames.has(op.tag)) throw new Error(`${op.id}: the tag "${op.tag}" is not in API_TAGS.`);
    const item = (paths[documentPath(op)] ??= {});
    const method = op.method.toLowerCase();
    if (item[method]) throw new Error(`The API catalogue describes ${op.method} ${op.path} twice.`);
    item[method] = operation(op, inputs, outputs);
  }
  const requestSchemas = toJsonSchemas(inputs, 'input');
  const responseSchemas = toJsonSchemas(outputs, 'output');
  for (const name of Object.keys(requestSchemas)) {
    if (name in responseSchemas) throw new Error(`${name} names both a request and a response schema.`);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voxpad API',
      version: '1',
      description:
        'The product API of Voxpad: pads, voice notes and their transcripts. Every error answers ' +
        '`{status, errors: [{message, code, param}]}` (ErrorResponse), with messages written for people. ' +
        'Another person’s ids answer 404, as ids that do not exist.',
    },
    tags: tags.filter((t) => catalogue.some((op) => op.tag === t.name)).map((t) => ({ ...t })),
    paths,
    components: {
      schemas: { ...requestSchemas, ...responseSchemas },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

let built: OpenApiDocument | undefined;

/** The document of this server's catalogue, made once per process on first use. */
export function openApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument();
  return built;
}
