/**
 * Runs one Debian speech tool (sphinxtrain, sphinxbase-utils, pocketsphinx, espeak-ng) and turns
 * its failures into AdaptationErrors that say which tool, what it was doing and how to fix it.
 */
import { execFile } from 'node:child_process';

import { AdaptationError } from './errors.ts';

/** SphinxTrain keeps its programs out of PATH, in Debian's libexec-style folder. */
export const SPHINXTRAIN_DIR = '/usr/lib/sphinxtrain';

export interface ToolRun {
  /** The program: a path, or a name found on PATH. */
  program: string;
  args: readonly string[];
  /** What the step does, in words, for the error message (e.g. "collecting statistics"). */
  purpose: string;
  /** The Debian package that ships the program, for the install hint. */
  debianPackage: string;
  cwd?: string;
  /** Text written to the program's stdin. */
  input?: string;
}

export interface ToolOutput {
  stdout: string;
  stderr: string;
}

const MAX_OUTPUT = 64 * 1024 * 1024;

export function runTool(run: ToolRun): Promise<ToolOutput> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      run.program,
      [...run.args],
      { cwd: run.cwd, maxBuffer: MAX_OUTPUT, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ stdout, stderr });
          return;
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          reject(
            new AdaptationError(
              'tool_missing',
              `${name(run.program)} is not installed (needed for ${run.purpose}): run \`apt-get install ${run.debianPackage}\`.`,
              { cause: error },
            ),
          );
          return;
        }
        reject(
          new AdaptationError(
            'tool_failed',
            `${name(run.program)} failed while ${run.purpose}: ${lastLines(stderr || stdout) || error.message}`,
            { cause: error },
          ),
        );
      },
    );
    if (run.input !== undefined) child.stdin?.end(run.input);
  });
}

/** A SphinxTrain program such as `bw` or `map_adapt`. */
export function sphinxtrain(program: string): string {
  return `${SPHINXTRAIN_DIR}/${program}`;
}

function name(program: string): string {
  return program.split('/').pop() ?? program;
}

/** The tools log a lot; the error lines that explain a failure come last. */
function lastLines(text: string, count = 4): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const errors = lines.filter((line) => /^(ERROR|FATAL)/.test(line));
  return (errors.length > 0 ? errors : lines).slice(-count).join(' / ');
}
