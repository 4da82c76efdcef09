// A Vite (Rollup) plugin that writes what each built JavaScript chunk holds, for the bundle-size
// check (scripts/bundle-size.mjs, ADR 0055): its static and dynamic imports, the module it stands
// for (a route's split component, the entry), and each module's rendered length. Written beside
// the app, not into dist/, so it is never served.
import fs from 'node:fs';
import path from 'node:path';

export function chunkStats({ file }) {
  return {
    name: 'voxpad-chunk-stats',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = {
          isEntry: output.isEntry,
          facade: output.facadeModuleId ? relative(output.facadeModuleId) : null,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, info]) => [relative(id), info.renderedLength]),
          ),
        };
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify({ chunks }, null, 1)}\n`);
    },
  };
}

/** Module ids relative to the app (node_modules keep their package path). */
function relative(id) {
  const clean = id.replace(/^\0/, '');
  const at = clean.lastIndexOf('/node_modules/');
  if (at >= 0) return clean.slice(at + 1);
  return path.relative(process.cwd(), clean);
}
