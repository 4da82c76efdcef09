import fs from 'node:fs';
import path from 'node:path';
import OpenAPIResponseValidator from 'openapi-response-validator';
import { parse } from 'yaml';

/**
 * allauth's headless OpenAPI document, the contract we serve. The canonical copy lives in
 * shared/ beside the repository (as CI checks it out); the copy kept here (formatted, same
 * content: see the drift test) is used when shared/ is absent.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const SHARED_SPEC = path.resolve(repoRoot, '../shared/spec/allauth-headless-openapi.yaml');
export const LOCAL_SPEC = path.resolve(import.meta.dirname, 'allauth-headless-openapi.yaml');

type Json = Record<string, unknown>;
interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: Json }>;
  description?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: Json & { responses: Record<string, ResponseObject> };
}

/**
 * Reads the YAML. Its examples reuse anchors, hence no alias limit. The top-level
 * `info.description: {$ref: ./description.md}` is never dereferenced: only `paths` and
 * `components` feed the validator, and their references are all internal.
 */
export function loadSpec(file: string): OpenApiDocument {
  return parse(fs.readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as OpenApiDocument;
}

export const specFile = fs.existsSync(SHARED_SPEC) ? SHARED_SPEC : LOCAL_SPEC;
const spec = correctOverlappingOneOfs(loadSpec(specFile));

/**
 * Two `oneOf`s of the spec that allauth's own answers cannot satisfy, because their
 * alternatives overlap (open objects), so a body matching one always matches another:
 * - AuthenticationMethod: allauth's reauthentication record `{method: "password", at,
 *   reauthenticated: true}` fits both "Authenticated by username/email login" and
 *   "Reauthenticated by password";
 * - the AuthenticationOrReauthentication response: a ReauthenticationResponse (flows, user,
 *   methods) also fits AuthenticationResponse (flows).
 * They are checked as `anyOf`: a body must still match at least one alternative in full.
 */
function correctOverlappingOneOfs(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components.schemas as Record<string, Json>;
  const method = schemas.AuthenticationMethod;
  const either =
    doc.components.responses.AuthenticationOrReauthentication?.content?.['application/json']?.schema;
  for (const schema of [method, either]) {
    if (!schema?.oneOf) throw new Error('The spec changed: revisit correctOverlappingOneOfs');
    schema.anyOf = schema.oneOf;
    delete schema.oneOf;
  }
  return doc;
}

/** We serve the browser client under our own prefix; the spec writes /_allauth/{client}/v1. */
const OUR_PREFIX = '/_headless/browser/v1';

function templateMatches(template: string, concrete: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)');
  const match = new RegExp(`^${pattern}$`).exec(concrete);
  if (!match) return false;
  // The only path parameter the auth paths use is {client}; ours is always "browser".
  return match.slice(1).every((value) => value === 'browser');
}

/** The spec's path template for one of our paths, e.g. /_allauth/{client}/v1/auth/login. */
export function specPathFor(ourPath: string): string {
  const pathname = ourPath.split('?')[0]!;
  if (!pathname.startsWith(OUR_PREFIX)) throw new Error(`${ourPath} is not under ${OUR_PREFIX}`);
  const concrete = `/_allauth/browser/v1${pathname.slice(OUR_PREFIX.length)}`;
  if (spec.paths[concrete]) return concrete;
  const template = Object.keys(spec.paths).find((t) => templateMatches(t, concrete));
  if (!template) throw new Error(`The spec has no path for ${ourPath} (${concrete})`);
  return template;
}

function resolveResponse(response: ResponseObject): ResponseObject {
  if (!response.$ref) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  const target = spec.components.responses[name];
  if (!target) throw new Error(`Unresolvable response reference ${response.$ref}`);
  return resolveResponse(target);
}

/**
 * Answers allauth gives that its spec leaves out of some operations, each checked against the
 * spec's own component for it rather than waved through:
 * - 429: allauth's `rate_limit` decorator guards login, signup and password requests and
 *   answers RateLimitResponse, the spec's TooManyRequests, which it documents only on resends;
 * - 403 for a failed CSRF check, which Django raises before any allauth view runs: checked
 *   against the spec's ForbiddenResponse.
 */
const UNDOCUMENTED: Record<string, ResponseObject> = {
  '429': spec.components.responses.TooManyRequests!,
  '403': {
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ForbiddenResponse' } } },
  },
};

/**
 * Answers allauth gives on one operation that the spec leaves out, each checked against the
 * spec's component for it:
 * - ChangePasswordView answers AuthenticationResponse: 200 while the user stays logged in (the
 *   spec lists only 400 and 401);
 * - changing the primary address or removing one is guarded by reauthentication like adding
 *   one, whose 401 the spec documents (AuthenticationOrReauthentication);
 * - ending sessions validates its input (SelectSessionsInput) and answers ErrorResponse.
 */
const v1 = '/_allauth/{client}/v1';
const reauthentication = { '401': spec.components.responses.AuthenticationOrReauthentication! };
const UNDOCUMENTED_BY_OPERATION: Record<string, Record<string, ResponseObject>> = {
  [`post ${v1}/account/password/change`]: { '200': spec.components.responses.Authenticated! },
  [`patch ${v1}/account/email`]: reauthentication,
  [`delete ${v1}/account/email`]: reauthentication,
  [`delete ${v1}/auth/sessions`]: { '400': spec.components.responses.Error! },
};

const validators = new Map<string, OpenAPIResponseValidator>();

function validatorFor(specPath: string, method: string): OpenAPIResponseValidator {
  const key = `${method} ${specPath}`;
  let validator = validators.get(key);
  if (!validator) {
    const operation = spec.paths[specPath]?.[method];
    if (!operation) throw new Error(`The spec has no ${method.toUpperCase()} ${specPath}`);
    const responses = Object.fromEntries(
      Object.entries({
        ...UNDOCUMENTED,
        ...UNDOCUMENTED_BY_OPERATION[key],
        ...operation.responses,
      }).map(([status, r]) => [status, resolveResponse(r)]),
    );
    validator = new OpenAPIResponseValidator({
      responses: responses as ConstructorParameters<typeof OpenAPIResponseValidator>[0]['responses'],
      components: spec.components as ConstructorParameters<typeof OpenAPIResponseValidator>[0]['components'],
    });
    validators.set(key, validator);
  }
  return validator;
}

export interface Observation {
  operation: string;
  status: number;
}

/** Which operations answered which statuses, so the suite can prove what it covered. */
export const observed: Observation[] = [];

/**
 * Throws unless the response's status is one the spec documents for the operation (or one of
 * the few listed above) and its JSON body validates against that response's schema.
 */
export function assertConforms(
  method: string,
  ourPath: string,
  status: number,
  contentType: string,
  body: unknown,
) {
  const specPath = specPathFor(ourPath);
  const verb = method.toLowerCase();
  const operation = `${method.toUpperCase()} ${specPath}`;
  const documented = Object.keys(spec.paths[specPath]?.[verb]?.responses ?? {});
  const allowed = [
    ...documented,
    ...Object.keys(UNDOCUMENTED),
    ...Object.keys(UNDOCUMENTED_BY_OPERATION[`${verb} ${specPath}`] ?? {}),
  ];
  if (!allowed.includes(String(status))) {
    throw new Error(`${operation} answered ${status}; the spec documents ${documented.join(', ')}`);
  }
  if (!contentType.includes('application/json')) {
    throw new Error(`${operation} answered ${status} as ${contentType || 'no content type'}, not JSON`);
  }
  const invalid = validatorFor(specPath, verb).validateResponse(String(status), body);
  if (invalid) {
    throw new Error(
      `${operation} answered ${status} with a body the spec does not allow:\n${JSON.stringify(body, null, 2)}\n` +
        JSON.stringify(invalid.errors, null, 2),
    );
  }
  observed.push({ operation, status });
}
