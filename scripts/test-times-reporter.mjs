// A Vitest reporter that keeps how long each test file took, per project, in
// test-results/<name>.json (name: VOXPAD_TEST_TIMES_NAME, "vitest-times" unless set), for
// `npm run test:times`. Vitest's JSON reporter names neither the project nor the time a file
// spends in its hooks (starting servers, databases), which is where most of ours goes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default class TestTimesReporter {
  name = process.env.VOXPAD_TEST_TIMES_NAME ?? 'vitest-times';
  began = Date.now();

  onTestRunEnd(testModules) {
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const tests = [...module.children.allTests()];
      return {
        project: module.project.name,
        file: path.relative(root, module.moduleId),
        // Importing the file (and everything it imports) plus every test and hook in it.
        ms: Math.round(diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration),
        importMs: Math.round(diagnostic.collectDuration),
        tests: tests.length,
        state: module.state(),
      };
    });
    const report = { began: new Date(this.began).toISOString(), wallMs: Date.now() - this.began, files };
    const out = path.join(root, 'test-results', `${this.name}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  }
}
