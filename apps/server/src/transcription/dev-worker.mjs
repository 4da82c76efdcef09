// Development-only worker entry: runs worker-thread.ts from source (Vitest, `tsx watch`).
// Node 20 ignores `--import tsx` in a Worker's execArgv (nodejs/node#47747:
// the worker fails with ERR_UNKNOWN_FILE_EXTENSION, reproduced on 20.20), so
// this plain-JS file loads the TypeScript entry through tsx's API instead.
// The production bundle uses dist/transcription-worker.js and never this file.
import { tsImport } from 'tsx/esm/api';

const entry = process.argv[2];
if (!entry) throw new Error('dev-worker.mjs needs the worker URL as its first argument.');
await tsImport(entry, import.meta.url);
