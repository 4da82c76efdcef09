import fs from 'node:fs';
import path from 'node:path';
import OpenAPIResponseValidator from 'openapi-response-validator';
import { expect, inject } from 'vitest';
import { parse } from 'yaml';
import { recordValidation } from './contract-coverage.ts';

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
  headers?: Record<string, unknown>;
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
const spec = correctPasskeySchemas(listDescribedFlows(correctOverlappingOneOfs(loadSpec(specFile))));

/**
 * Two slips of the spec around passkeys, corrected to what allauth answers:
 * - OptionalTimestamp puts `nullable` beside a `$ref`, which OpenAPI 3.0 ignores, so the
 *   `last_used_at: null` of an authenticator never used could not validate: it is made a
 *   nullable number;
 * - GET auth/webauthn/signup is documented with the *request* options, but the step creates a
 *   passkey: allauth's SignupWebAuthnView answers AddWebAuthnResponse, the creation options.
 */
function correctPasskeySchemas(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components.schemas as Record<string, Json>;
  if (!schemas.OptionalTimestamp || !schemas.Timestamp)
    throw new Error('The spec changed: revisit correctPasskeySchemas');
  schemas.OptionalTimestamp = { ...schemas.Timestamp, nullable: true };
  const signup = doc.paths['/_allauth/{client}/v1/auth/webauthn/signup']?.get?.responses;
  if (!signup?.['200']) throw new Error('The spec changed: revisit correctPasskeySchemas');
  signup['200'] = { $ref: '#/components/responses/WebAuthnCreationOptionsResponse' };
  return doc;
}

/**
 * The spec's description lists flows its Flow enum leaves out: passkey login
 * (`mfa_login_webauthn`), passkey signup (`mfa_signup_webauthn`) and "trust this browser"
 * (`mfa_trust`). allauth names them in its answers, so the enum is widened by those three and
 * no more.
 */
function listDescribedFlows(doc: OpenApiDocument): OpenApiDocument {
  const flow = (doc.components.schemas as Record<string, Json>).Flow;
  const id = (flow?.properties as Record<string, { enum?: string[] }> | undefined)?.id;
  if (!id?.enum) throw new Error('The spec changed: revisit listDescribedFlows');
  id.enum = [...new Set([...id.enum, 'mfa_login_webauthn', 'mfa_signup_webauthn', 'mfa_trust'])];
  return doc;
}

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
 * - ending sessions validates its input (SelectSessionsInput) and answers ErrorResponse;
 * - the connected accounts and phone paths noted beside their entries.
 */
const v1 = '/_allauth/{client}/v1';
const reauthentication = { '401': spec.components.responses.AuthenticationOrReauthentication! };
const phoneNotServed = { '404': spec.components.responses.NotFound! };
const UNDOCUMENTED_BY_OPERATION: Record<string, Record<string, ResponseObject>> = {
  [`post ${v1}/account/password/change`]: { '200': spec.components.responses.Authenticated! },
  [`patch ${v1}/account/email`]: reauthentication,
  [`delete ${v1}/account/email`]: reauthentication,
  [`delete ${v1}/auth/sessions`]: { '400': spec.components.responses.Error! },
  // ManageProvidersView is an AuthenticatedAPIView (401 to visitors); a disconnect needs a
  // recent authentication like removing an address.
  [`get ${v1}/account/providers`]: { '401': spec.components.responses.Authentication! },
  [`delete ${v1}/account/providers`]: reauthentication,
  // Phone numbers are out of scope (issue 11): those paths answer allauth's NotFound.
  [`post ${v1}/auth/phone/verify`]: phoneNotServed,
  [`post ${v1}/auth/phone/verify/resend`]: phoneNotServed,
  [`get ${v1}/account/phone`]: phoneNotServed,
  [`post ${v1}/account/phone`]: phoneNotServed,
  // ManageWebAuthnView validates its input (AddWebAuthnInput, UpdateWebAuthnInput,
  // DeleteWebAuthnInput: a wrong credential, another user's id) and answers ErrorResponse.
  [`post ${v1}/account/authenticators/webauthn`]: { '400': spec.components.responses.Error! },
  [`put ${v1}/account/authenticators/webauthn`]: { '400': spec.components.responses.Error! },
  [`delete ${v1}/account/authenticators/webauthn`]: { '400': spec.components.responses.Error! },
  // ManageRecoveryCodesView answers a regeneration with the new codes, as viewing them (RecoveryCodes).
  [`post ${v1}/account/authenticators/recovery-codes`]: { '200': spec.components.responses.RecoveryCodes! },
  // AuthenticateWebAuthnView answers respond_next_stage() like 2fa/authenticate: with
  // MFA_TRUST_ENABLED the next stage is mfa_trust, a 401 AuthenticationResponse.
  [`post ${v1}/auth/webauthn/authenticate`]: { '401': spec.components.responses.Authentication! },
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
  headers?: Headers,
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
  const documentedResponse = spec.paths[specPath]?.[verb]?.responses[String(status)];
  const response = documentedResponse ? resolveResponse(documentedResponse) : undefined;
  if (response && !response.content) {
    // A documented answer without a body (the provider redirect's 302): its headers must be there.
    const missing = Object.keys(response.headers ?? {}).filter((name) => !headers?.get(name));
    if (missing.length > 0) {
      throw new Error(`${operation} answered ${status} without the header(s) ${missing.join(', ')}`);
    }
    record(operation, status);
    return;
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
  record(operation, status);
}

/** Kept for this file's own checks, and for the whole suite's (coverage-setup.ts). */
function record(operation: string, status: number) {
  observed.push({ operation, status });
  recordValidation(inject('contractCoverageDir'), {
    testFile: expect.getState().testPath ?? 'unknown',
    operation,
    status,
  });
}
