import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  browserOperations,
  coverageOf,
  readValidations,
  recordValidation,
} from '../conformance/contract-coverage.ts';

/** The conformance suite's bookkeeping of which browser operations it validated. */
const spec = parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../conformance/allauth-headless-openapi.yaml'), 'utf8'),
  { maxAliasCount: -1 },
) as { paths: Record<string, Record<string, unknown>> };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the browser operations of the OpenAPI document', () => {
  it('are the 55 a browser client can call, without the app-only token refresh', () => {
    const operations = browserOperations(spec.paths);
    expect(operations).toHaveLength(55);
    expect(new Set(operations).size).toBe(55);
    expect(operations).toContain('POST /_allauth/browser/v1/auth/provider/redirect');
    expect(operations).toContain('GET /_allauth/{client}/v1/account/phone');
    expect(operations.some((op) => op.includes('/_allauth/app/'))).toBe(false);
    expect(operations.some((op) => /^(PARAMETERS|SUMMARY)/.test(op))).toBe(false);
  });
});

describe('recording and checking what was validated', () => {
  it('reads back what every test file recorded and names the operations never validated', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-contract-unit-'));
    dirs.push(dir);
    const config = 'GET /_allauth/{client}/v1/config';
    const login = 'POST /_allauth/{client}/v1/auth/login';
    recordValidation(dir, { testFile: '/x/a.conformance.test.ts', operation: config, status: 200 });
    recordValidation(dir, { testFile: '/x/b.conformance.test.ts', operation: config, status: 200 });
    recordValidation(dir, { testFile: '/x/b.conformance.test.ts', operation: login, status: 400 });
    const validations = readValidations(dir);
    expect(validations).toHaveLength(3);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'a.conformance.test.ts.jsonl',
      'b.conformance.test.ts.jsonl',
    ]);

    const signup = 'POST /_allauth/{client}/v1/auth/signup';
    const report = coverageOf([config, login, signup], validations);
    expect(report.covered).toEqual([config, login]);
    expect(report.missing).toEqual([signup]);
  });

  it('reads nothing from a run that recorded nothing', () => {
    expect(readValidations(path.join(os.tmpdir(), 'voxpad-contract-none-such'))).toEqual([]);
  });
});
