import fs from 'node:fs';
import path from 'node:path';

/**
 * Which operations of an OpenAPI document a suite validated, across all its files: the auth
 * API's browser operations (the conformance suite), the product API's (its API tests, ADR
 * 0049). Each validated answer is appended as one JSON line to a file of the run's directory
 * (one file per test file, so parallel workers never share one); the suite's global teardown
 * reads them back and names the operations that were never validated.
 */
export interface Validation {
  testFile: string;
  operation: string;
  status: number;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** "METHOD /_allauth/{client}/v1/..." for every operation a browser client can call. */
export function browserOperations(paths: Record<string, Record<string, unknown>>): string[] {
  return Object.entries(paths)
    .filter(([template]) => !template.startsWith('/_allauth/app/'))
    .flatMap(([template, item]) =>
      Object.keys(item)
        .filter((key) => HTTP_METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${template}`),
    );
}

export function recordValidation<V extends Validation>(dir: string, validation: V): void {
  const file = path.join(dir, `${path.basename(validation.testFile)}.jsonl`);
  fs.appendFileSync(file, `${JSON.stringify(validation)}\n`);
}

export function readValidations<V extends Validation = Validation>(dir: string): V[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as V);
}

export interface CoverageReport {
  operations: string[];
  covered: string[];
  missing: string[];
}

export function coverageOf(operations: string[], validations: Validation[]): CoverageReport {
  const seen = new Set(validations.map((v) => v.operation));
  return {
    operations,
    covered: operations.filter((op) => seen.has(op)),
    missing: operations.filter((op) => !seen.has(op)),
  };
}
