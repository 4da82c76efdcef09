/**
 * Speech fixtures made with flite (synthetic speech, spoken once per machine and flite
 * version: fixture-cache.ts) and sox (format variants), in a temporary directory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedToolRun } from '../../support/fixture-cache.ts';

export class FixtureDir {
  readonly path = mkdtempSync(join(tmpdir(), 'voxpad-transcription-'));

  file(name: string): string {
    return join(this.path, name);
  }

  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}

/** Speaks `text` with flite's "slt" voice into a 16 kHz mono WAV (once: fixture-cache.ts). */
export function speak(text: string, out: string): string {
  return cachedToolRun('flite', ['-voice', 'slt', '-t', text, '-o', out], out);
}

/** Runs sox with the given arguments (input and output files included). */
export function sox(...args: string[]): void {
  execFileSync('sox', args);
}

export function read(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

/** Share of `keywords` that appear as words in `text`. */
export function keywordRecall(keywords: readonly string[], text: string): number {
  const heard = new Set(text.toLowerCase().split(/\s+/));
  return keywords.filter((k) => heard.has(k)).length / keywords.length;
}
