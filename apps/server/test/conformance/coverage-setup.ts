import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { browserOperations, coverageOf, readValidations } from './contract-coverage.ts';
import { loadSpec, specFile } from './openapi-contract.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    contractCoverageDir: string;
  }
}

const conformanceDir = import.meta.dirname;

/**
 * Gives the conformance files of this project run a fresh directory to record what they
 * validated, and at the end of the run fails it when an operation of the browser client was
 * never validated. The check needs every conformance file to have run in full, so a run of one
 * file (or with a name filter) only prints what it covered.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `voxpad-contract-${project.name}-`));
  project.provide('contractCoverageDir', dir);

  return () => {
    const validations = readValidations(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    const operations = browserOperations(loadSpec(specFile).paths);
    const report = coverageOf(operations, validations);
    const testFiles = fs.readdirSync(conformanceDir).filter((name) => name.endsWith('.test.ts'));
    const ran = new Set(validations.map((v) => path.basename(v.testFile)));
    const notRun = testFiles.filter((name) => !ran.has(name));
    process.stdout.write(
      `[${project.name}] browser operations validated: ${report.covered.length} of ${operations.length}\n`,
    );
    if (notRun.length > 0 || project.config.testNamePattern) {
      process.stdout.write(
        `[${project.name}] contract coverage not checked: not every conformance test ran in full\n`,
      );
      return;
    }
    if (report.missing.length > 0) {
      // vitest logs a failed teardown without failing the run: the exit code says it.
      process.exitCode = 1;
      throw new Error(
        `[${project.name}] ${report.missing.length} browser operation(s) of the OpenAPI document were never validated:\n  ` +
          report.missing.join('\n  '),
      );
    }
  };
}
