// The order Vitest starts test files in: the slowest first, whatever their project.
//
// Vitest's own order runs the projects one after another (by name) and, in a fresh clone
// (no results cached yet, as in CI), a project's largest files first. So the slowest server
// files (pocketsphinx decodes in server-unit) started only after every API file, and the run
// ended with one or two workers busy on them while the third had nothing left to do.
//
// Here the files known to be slow start first, longest first, across projects; the rest
// follow project by project (a worker that is not isolated is reused only for a file of the
// same project, and starting one costs an import of Fastify and the rest), longest first.
// What "slow" means comes from the times recorded on this machine (test-results/
// vitest-times.json, written by every `npm test`), else from scripts/slow-test-files.json
// (committed, for a fresh clone; refreshed with `npm run test:times -- --save-slow`), else
// from the file's size, as Vitest does. The order changes when files run, never what runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SLOW_FILES = path.join(root, 'scripts', 'slow-test-files.json');
const RECORDED = path.join(root, 'test-results', 'vitest-times.json');
/** A file that took this share of the summed time (wherever it was measured) starts before the rest. */
export const SLOW_SHARE = 0.01;

/** `project:file` (file relative to the repository) -> milliseconds, from a times report. */
function readTimes(file) {
  const times = new Map();
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const entry of report.files ?? []) {
      if (entry.state === 'passed' || entry.state === 'failed')
        times.set(`${entry.project}:${entry.file}`, entry.ms);
    }
  } catch {
    // No report (a fresh clone) or an unreadable one: the next source decides.
  }
  return times;
}

export default class SlowestFirstSequencer extends BaseSequencer {
  async sort(files) {
    const recorded = readTimes(RECORDED);
    const committed = readTimes(SLOW_FILES);
    const timeOf = (spec) => {
      const key = `${spec.project.name}:${path.relative(root, spec.moduleId)}`;
      return recorded.get(key) ?? committed.get(key);
    };
    const sizeOf = (spec) => {
      try {
        return fs.statSync(spec.moduleId).size;
      } catch {
        return 0;
      }
    };
    const groupOrder = (spec) => spec.project.config.sequence.groupOrder ?? 0;
    const weighed = files.map((spec) => ({ spec, ms: timeOf(spec), size: sizeOf(spec) }));
    const longestFirst = (a, b) =>
      groupOrder(a.spec) - groupOrder(b.spec) ||
      (b.ms ?? -1) - (a.ms ?? -1) ||
      b.size - a.size ||
      a.spec.moduleId.localeCompare(b.spec.moduleId);
    const slowMs = SLOW_SHARE * weighed.reduce((sum, w) => sum + (w.ms ?? 0), 0);
    const isSlow = (w) => w.ms !== undefined && w.ms >= slowMs;
    const slow = weighed.filter(isSlow).sort(longestFirst);
    const rest = weighed.filter((w) => !isSlow(w));
    // The rest, project by project: the projects with the most time left first, isolated
    // projects (a new worker per file anyway, short files) last, where they fill the end.
    const byProject = new Map();
    for (const w of rest) {
      const list = byProject.get(w.spec.project) ?? [];
      list.push(w);
      byProject.set(w.spec.project, list);
    }
    const total = (list) => list.reduce((sum, w) => sum + (w.ms ?? 0), 0);
    const projects = [...byProject.entries()].sort(
      ([a, listA], [b, listB]) =>
        (a.config.sequence.groupOrder ?? 0) - (b.config.sequence.groupOrder ?? 0) ||
        Number(a.config.isolate) - Number(b.config.isolate) ||
        total(listB) - total(listA) ||
        a.name.localeCompare(b.name),
    );
    const ordered = [...slow, ...projects.flatMap(([, list]) => list.sort(longestFirst))].map((w) => w.spec);
    return spreadOut(ordered);
  }
}

/**
 * Files that must not run beside each other (TEST_ONE_FILE_AT_A_TIME in their project's env;
 * apps/server/test/support/one-file-at-a-time.ts holds them to it) are spread over the first
 * half of the order, one at the start and the others evenly after it, so each has usually
 * finished before the next starts, and none is left for the end of the run.
 */
export function spreadOut(specs) {
  const alone = (spec) => spec.project.config.env?.TEST_ONE_FILE_AT_A_TIME === '1';
  const apart = specs.filter(alone);
  const others = specs.filter((spec) => !alone(spec));
  if (apart.length === 0) return specs;
  const step = Math.max(1, Math.floor(others.length / (2 * apart.length)));
  const out = [];
  let next = 0;
  others.forEach((spec, i) => {
    if (next < apart.length && i === next * step) out.push(apart[next++]);
    out.push(spec);
  });
  return [...out, ...apart.slice(next)];
}
