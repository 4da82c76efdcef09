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
  /** Files started and not yet ended, with their project. */
  running = new Map();
  /** When each file started and ended, in seconds from the run's start: the run's timeline. */
  spans = new Map();

  onTestModuleStart(module) {
    const key = module.moduleId + '\0' + module.project.name;
    this.running.set(key, module);
    this.spans.set(key, { startS: this.#seconds() });
  }

  onTestModuleEnd(module) {
    const key = module.moduleId + '\0' + module.project.name;
    this.running.delete(key);
    const span = this.spans.get(key);
    if (span) span.endS = this.#seconds();
  }

  #seconds() {
    return Math.round((Date.now() - this.began) / 100) / 10;
  }

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
        // CPU of its process and reaped children (scripts/test-cpu-time.ts), where recorded.
        cpuMs: module.meta().cpuMs,
        childCpuMs: module.meta().childCpuMs,
        tests: tests.length,
        state: module.state(),
        ...this.spans.get(module.moduleId + '\0' + module.project.name),
      };
    });
    // A file whose worker process died (a crash, or the kernel's out-of-memory killer) never
    // reports: Vitest then counts it nowhere and says only "Worker exited unexpectedly".
    const unfinished = files.filter((file) => !['passed', 'failed', 'skipped'].includes(file.state));
    for (const module of this.running.values()) {
      const file = path.relative(root, module.moduleId);
      if (!unfinished.some((u) => u.file === file && u.project === module.project.name)) {
        unfinished.push({ project: module.project.name, file, state: 'started', ms: 0 });
      }
    }
    if (unfinished.length > 0) {
      console.error(
        `[test-times] ${unfinished.length} file(s) never finished (their worker process died?):\n` +
          unfinished
            .map((file) => `  ${file.project}  ${file.file}  (${file.state}, ${file.ms} ms)`)
            .join('\n'),
      );
    }
    const report = { began: new Date(this.began).toISOString(), wallMs: Date.now() - this.began, files };
    const out = path.join(root, 'test-results', `${this.name}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  }
}
