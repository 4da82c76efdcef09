import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ChildServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Runs `script` (serve-app.ts or serve-hello.ts) in its own Node process, so the server
 * has a core to itself and the load generator does not steal its event loop.
 */
export async function startChild(script: string, env: Record<string, string> = {}): Promise<ChildServer> {
  // BENCH_CPU_PROF_DIR: the served app writes a V8 CPU profile there when it stops (Node refuses
  // --cpu-prof in NODE_OPTIONS, so it is passed here, to the app only, never to hello-world).
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile =
    profileDir && script === 'serve-app.ts' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', path.join(here, script)],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /\{"port":(\d+)\}/.exec(output);
      if (line) resolve(Number(line[1]));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
  });
  // Anything else the server prints (logs) is dropped, as a log shipper would take it away.
  child.stdout!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
