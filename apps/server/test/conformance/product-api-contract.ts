import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { API_BASE, UNDESCRIBED_ROUTES } from '../../src/api-description/catalogue.ts';
import type {
  JsonObject,
  OpenApiDocument,
  OpenApiResponse,
} from '../../src/api-description/openapi-document.ts';

/**
 * Checks the product API's answers against its own OpenAPI document (ADR 0049), the way
 * openapi-contract.ts checks the auth API against allauth's: the status must be one the
 * operation documents (5xx fall to `default`), the media type one it lists, a JSON body must
 * validate against its schema (unknown fields refused), and the headers it marks required
 * must be there.
 */
export interface Answer {
  method: string;
  /** Fastify's route pattern, e.g. /api/v1/pad/:padId/. */
  route: string;
  status: number;
  contentType: string | undefined;
  headers: Record<string, unknown>;
  /** The body as sent, when it was text (JSON, HTML, a transcript); undefined for streams. */
  text: string | undefined;
}

export interface Verdict {
  /** "GET /api/v1/pad/{padId}/": the document's operation, or the route when it has none. */
  operation: string;
  status: number;
  /** What does not conform; undefined when the answer does. */
  problem?: string;
  /** An answer of a route the document leaves out on purpose: neither checked nor counted. */
  undescribed?: true;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** "METHOD /path" for every operation of the document. */
export function documentOperations(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => HTTP_METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Fastify's `/pad/:padId/transcript.:format` as OpenAPI's `/pad/{padId}/transcript.{format}`. */
export const templateOf = (route: string): string => route.replace(/:(\w+)/g, '{$1}');

const undescribed = new Set(UNDESCRIBED_ROUTES.map((r) => `${r.method} ${API_BASE}${r.path}`));

function mediaTypeMatches(listed: string, actual: string): boolean {
  if (listed.endsWith('/*')) return actual.startsWith(listed.slice(0, -1));
  return listed === actual;
}

export class ProductApiContract {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {
    this.#ajv.addSchema(doc as unknown as JsonObject, 'openapi');
  }

  #validator(schema: JsonObject): ValidateFunction {
    const key = typeof schema.$ref === 'string' ? schema.$ref : JSON.stringify(schema);
    let validate = this.#validators.get(key);
    if (!validate) {
      validate =
        typeof schema.$ref === 'string'
          ? this.#ajv.getSchema(`openapi${schema.$ref}`)
          : this.#ajv.compile(schema);
      if (!validate) throw new Error(`The document has no schema ${key}`);
      this.#validators.set(key, validate);
    }
    return validate;
  }

  check(answer: Answer): Verdict {
    const path = templateOf(answer.route);
    const method = answer.method.toUpperCase();
    const item = this.doc.paths[path];
    // Fastify answers HEAD for every GET route: checked as the GET, without a body.
    const headOfGet = method === 'HEAD' && !item?.head && item?.get !== undefined;
    const operation = `${method} ${path}`;
    if (undescribed.has(headOfGet ? `GET ${path}` : operation)) {
      return { operation, status: answer.status, undescribed: true };
    }
    const op = item?.[headOfGet ? 'get' : method.toLowerCase()];
    const verdict = (problem?: string): Verdict => ({
      operation,
      status: answer.status,
      ...(problem ? { problem } : {}),
    });
    if (!op) return verdict('the document has no such operation');
    const response: OpenApiResponse | undefined =
      op.responses[String(answer.status)] ?? (answer.status >= 500 ? op.responses.default : undefined);
    if (!response) {
      return verdict(`answered ${answer.status}; the document lists ${Object.keys(op.responses).join(', ')}`);
    }
    const missing = Object.entries(response.headers ?? {})
      .filter(([name, header]) => header.required && answer.headers[name.toLowerCase()] === undefined)
      .map(([name]) => name);
    if (missing.length > 0) return verdict(`answered ${answer.status} without ${missing.join(', ')}`);
    if (method === 'HEAD' || answer.status === 101) return verdict();

    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    const content = response.content;
    if (!content) {
      return answer.text
        ? verdict(`answered ${answer.status} with a body the document does not describe`)
        : verdict();
    }
    const listed = Object.keys(content).find((type) => mediaType && mediaTypeMatches(type, mediaType));
    if (!listed) {
      return verdict(
        `answered ${answer.status} as ${mediaType ?? 'no media type'}; the document lists ${Object.keys(content).join(', ')}`,
      );
    }
    const schema = content[listed]?.schema;
    if (!schema || answer.text === undefined) return verdict();
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return verdict(`answered ${answer.status} with a body that is not JSON`);
    }
    const validate = this.#validator(schema);
    if (validate(body)) return verdict();
    return verdict(
      `answered ${answer.status} with a body its schema refuses: ${this.#ajv.errorsText(validate.errors)}\n` +
        JSON.stringify(body).slice(0, 600),
    );
  }
}
