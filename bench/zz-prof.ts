import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { BENCH_ENV, BenchClient } from './support/browser.ts';
import { wavHeader } from './support/wav.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-prof-'));
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/dbg/prof', '--import', 'tsx', '/work/main/bench/support/serve-app.ts'], { env: { ...process.env, ...BENCH_ENV, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<number>((r) => child.stdout.on('data', (c: Buffer) => { const m = /"port":(\d+)/.exec(c.toString()); if (m) r(Number(m[1])); }));
const url = `http://127.0.0.1:${port}`;
const client = new BenchClient(url);
await client.login('bench', 'bench password for pads');
for (let i = 0; i < 30; i++) {
  const pad = (await client.request('POST', '/api/v1/pad/', { name: `Pad ${i}` })).json();
  for (let n = 0; n < 3; n++) await client.request('POST', `/api/v1/pad/${String(pad.id)}/voicenote/`, Buffer.concat([wavHeader(32000), Buffer.alloc(32000)]), { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="r.wav"' });
}
const r = await autocannon({ url: `${url}/api/v1/pad/`, connections: 10, duration: 8, headers: { cookie: client.cookieHeader } });
console.log('rps', r.requests.average);
child.kill('SIGTERM');
await new Promise((res) => child.on('exit', res));
