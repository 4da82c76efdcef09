// Runs the real apt-get while another process really holds apt's lists lock, as unattended-upgrades
// does on a fresh cloud machine. Needs root (apt-get update needs it anyway on the machines we set up).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aptGet } from './apt.mjs';

// An update with its own lists directory and no sources: it takes the same kind of lock as a real
// one, in a directory of its own, so the machine's package lists are left alone and no network is needed.
const dir = mkdtempSync(path.join(tmpdir(), 'voxpad-apt-'));
const lists = path.join(dir, 'lists');
mkdirSync(path.join(lists, 'partial'), { recursive: true });
mkdirSync(path.join(dir, 'sources.list.d'));
writeFileSync(path.join(dir, 'sources.list'), '');
const OFFLINE_UPDATE = [
  'update',
  '-qq',
  '-o',
  `Dir::State::Lists=${lists}`,
  '-o',
  `Dir::Etc::sourcelist=${path.join(dir, 'sources.list')}`,
  '-o',
  `Dir::Etc::sourceparts=${path.join(dir, 'sources.list.d')}`,
];

/** Holds the lists lock (fcntl, as apt itself locks) for `seconds` in another process. */
async function holdListsLock(seconds) {
  const holder = spawn('python3', [
    '-c',
    `import fcntl,os,sys,time
fd=os.open('${path.join(lists, 'lock')}',os.O_RDWR|os.O_CREAT)
fcntl.lockf(fd,fcntl.LOCK_EX)
print('locked',flush=True)
time.sleep(${seconds})`,
  ]);
  await once(holder.stdout, 'data');
  return holder;
}

describe('apt-get while another package manager holds the lock', () => {
  it('is run as root, as the set-up needs', () => {
    expect(process.getuid?.(), 'these tests need root, as installing Debian packages does').toBe(0);
  });

  it('fails at once without waiting (what plain apt-get does)', async () => {
    const holder = await holdListsLock(5);
    try {
      const plain = spawnSync('apt-get', OFFLINE_UPDATE, { encoding: 'utf8' });
      expect(plain.status).not.toBe(0);
      expect(plain.stderr).toMatch(/Could not get lock/);
    } finally {
      holder.kill();
    }
  });

  it('waits for the lock and then succeeds', async () => {
    const holder = await holdListsLock(4);
    const messages = [];
    const started = Date.now();
    try {
      aptGet(OFFLINE_UPDATE, { timeoutSeconds: 60, pollSeconds: 1, log: (m) => messages.push(m) });
    } finally {
      holder.kill();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(messages.join('\n')).toMatch(
      /Another package manager \(process \d+ \(python3\)\) is using apt; waiting up to 60 s/,
    );
  });

  it('gives up with a clear error when the lock is held past the timeout', async () => {
    const holder = await holdListsLock(30);
    try {
      expect(() => aptGet(OFFLINE_UPDATE, { timeoutSeconds: 2, pollSeconds: 1 })).toThrow(
        /the apt lock was still held after 2 s/,
      );
    } finally {
      holder.kill();
    }
  });

  it('fails at once on errors that are not about the lock', () => {
    const started = Date.now();
    expect(() => aptGet(['install', '-y', '-qq', 'no-such-package-voxpad'], { timeoutSeconds: 60 })).toThrow(
      /exited with 100/,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
