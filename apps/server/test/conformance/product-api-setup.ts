import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openApiDocument } from '../../src/api-description/openapi-document.ts';
import type { RecordedVerdict } from '../support/product-api-recorder.ts';
import { coverageOf, readValidations } from './contract-coverage.ts';
import { documentOperations } from './product-api-contract.ts';

/**
 * Global setup of the API projects (ADR 0049): their test apps record how each product API
 * answer conformed to the OpenAPI document (support/product-api-recorder.ts); at the end this
 * fails the run on any answer that did not, and, when the project ran every file in full and
 * is the one that runs them all (TEST_ONE_BACKEND), on any operation never exercised. A run of
 * some files, a name filter or a shard only prints what it covered.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `voxpad-product-api-${project.name}-`));
  project.provide('productApiContractDir', dir);

  return async () => {
    const verdicts = readValidations<RecordedVerdict>(dir).filter((v) => !v.undescribed);
    fs.rmSync(dir, { recursive: true, force: true });
    const say = (line: string) => process.stdout.write(`[${project.name}] ${line}\n`);
    const operations = documentOperations(openApiDocument());
    const failed = verdicts.filter((v) => v.problem);
    const report = coverageOf(
      operations,
      verdicts.filter((v) => !v.problem),
    );
    say(
      `product API answers checked against its OpenAPI document: ${verdicts.length}; ` +
        `operations exercised: ${report.covered.length} of ${operations.length}`,
    );
    const problems: string[] = [];
    if (failed.length > 0) {
      const distinct = [
        ...new Map(failed.map((v) => [`${v.operation} ${v.status} ${v.problem}`, v])).values(),
      ];
      problems.push(
        `${failed.length} product API answer(s) do not match the OpenAPI document:\n  ` +
          distinct
            .slice(0, 40)
            .map((v) => `${v.operation} (${path.basename(v.testFile)}): ${v.problem}`)
            .join('\n  '),
      );
    }
    const env = project.config.env;
    if (env.TEST_ONE_BACKEND && env.TEST_DB !== env.TEST_ONE_BACKEND) {
      say(`operation coverage is checked by the ${env.TEST_ONE_BACKEND} project, which runs every file`);
    } else if (!(await ranEveryFile(project))) {
      say('operation coverage not checked: not every API test file ran in full');
    } else if (report.missing.length > 0) {
      problems.push(
        `${report.missing.length} product API operation(s) were never exercised by the API tests ` +
          `(call each from the test of its feature, or from api-description.test.ts):\n  ` +
          report.missing.join('\n  '),
      );
    }
    if (problems.length > 0) {
      // vitest logs a failed teardown without failing the run: the exit code says it.
      process.exitCode = 1;
      throw new Error(`[${project.name}] ${problems.join('\n')}`);
    }
  };
}

async function ranEveryFile(project: TestProject): Promise<boolean> {
  if (project.config.testNamePattern || project.vitest.config.shard) return false;
  const { testFiles } = await project.globTestFiles();
  const ran = new Set(
    project.vitest.state
      .getFiles()
      // A file that skips itself (a tool missing here) still ran as the full run would.
      .filter((file) => file.projectName === project.name)
      .map((file) => file.filepath),
  );
  return testFiles.every((file) => ran.has(file));
}
