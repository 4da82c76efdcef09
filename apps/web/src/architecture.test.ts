// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's floors (ADR 0024, ADR 0030): routes compose features; a feature never imports
 * another feature; what several features need lives below them (lib/, hooks/, components/),
 * and nothing below reaches up into features/ or routes/.
 */
const src = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    )
    .filter((file) => /\.tsx?$/.test(file));
}

/** Every relative module a file imports, re-exports or loads lazily, resolved under src/. */
function relativeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers.map((match) => path.relative(src, path.resolve(path.dirname(file), match[1]!)));
}

/** "features/recording/hooks/x.ts" -> ["features", "recording"]. */
const floorOf = (relative: string) => relative.split(path.sep);

function importsWhere(files: string[], crosses: (from: string[], to: string[]) => boolean): string[] {
  return files.flatMap((file) => {
    const from = floorOf(path.relative(src, file));
    return relativeImports(file)
      .filter((target) => !target.startsWith('..') && crosses(from, floorOf(target)))
      .map((target) => `${path.relative(src, file)} -> ${target}`);
  });
}

describe('imports between parts of the web app', () => {
  const files = sourceFiles(src);

  it('finds the imports it checks (the walk reaches the features)', () => {
    const recorder = path.join(src, 'features/recording/components/recorder.tsx');
    expect(files).toContain(recorder);
    expect(relativeImports(recorder)).toContain(path.join('features/recording/hooks/use-recorder.ts'));
  });

  it('has no feature importing another feature (routes compose them)', () => {
    const crossing = importsWhere(
      files,
      (from, to) => from[0] === 'features' && to[0] === 'features' && from[1] !== to[1],
    );
    expect(crossing).toEqual([]);
  });

  it('keys every query by an export of the module that owns it, never by a literal', () => {
    // A key is written once, as `xQueryKey` or inside `xQueryOptions`; every use names that.
    const literal = files
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            /queryKey:\s*\[|queryKey\[0\]\s*[!=]==?\s*'/.test(line)
              ? [`${path.relative(src, file)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(literal).toEqual([]);
  });

  it('has no import running back up from features, lib, hooks or components', () => {
    const below: Record<string, readonly string[]> = {
      features: ['routes'],
      lib: ['features', 'routes', 'hooks', 'components'],
      hooks: ['features', 'routes'],
      components: ['features', 'routes'],
    };
    const upward = importsWhere(files, (from, to) => (below[from[0]!] ?? []).includes(to[0]!));
    expect(upward).toEqual([]);
  });
});
