/**
 * `npm run backup` and `npm run restore`, the real commands in their own processes. SQLite:
 * an online backup taken while the server runs, restored into an empty DATA_DIR that a new
 * server then serves the same notes and audio from. PostgreSQL: pg_dump plus the audio,
 * restored with the pg_restore recipe in docs/deploy.md and the restore command.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { Page } from '@voxpad/shared/pagination';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { backupManifestSchema } from '../../src/maintenance/backup-manifest.ts';
import { runCommand } from '../support/command.ts';
import { makeInstallation, sqliteEnv, startApp, type Installation } from '../support/installation.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { createPostgresDatabase, currentBackend } from '../support/test-database.ts';
import { toneWav } from '../support/wav.ts';

/** The person's notes and each note's audio, as a server answers them to the person's cookies. */
async function notesServed(baseUrl: string, client: TestClient, padId: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const get = (url: string) => fetch(baseUrl + url, { headers: { cookie, accept: 'application/json' } });
  const list = (await (await get(`/api/v1/pad/${padId}/voicenote/`)).json()) as Page<VoiceNote>;
  const notes = [];
  for (const note of list.results.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const audio = Buffer.from(await (await get(note.audio_url)).arrayBuffer());
    notes.push({ id: note.id, title: note.title, audioBytes: audio.length, audio: audio.toString('base64') });
  }
  return notes;
}

const readManifest = async (dir: string) =>
  backupManifestSchema.parse(JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')));

describe.runIf(currentBackend() === 'sqlite')('backup and restore: SQLite with local files', () => {
  let install: Installation;
  let work: string;
  beforeAll(async () => {
    install = await makeInstallation(40);
    work = await fs.mkdtemp(path.join(install.dataDir, '..', 'voxpad-backups-'));
  }, 120_000);
  afterAll(async () => {
    if (install) await fs.rm(install.dataDir, { recursive: true, force: true });
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it(
    'restores a backup taken while the server runs; a new server serves the same notes and audio',
    { timeout: 180_000 },
    async () => {
      const source = await startApp(sqliteEnv(install.dataDir));
      const backupDir = path.join(work, 'backup');
      let before;
      try {
        before = await notesServed(source.baseUrl, install.client, install.padId);
        const backup = await runCommand('backup', [backupDir], { DATA_DIR: install.dataDir });
        expect(backup.stderr).not.toContain('failed');
        expect(backup.code).toBe(0);
      } finally {
        await source.close();
      }
      expect(before.length).toBe(3);
      const manifest = await readManifest(backupDir);
      expect(manifest.database).toMatchObject({ kind: 'sqlite', file: 'database.sqlite' });
      expect(manifest.database.rows.voice_notes).toBe(40);
      expect(manifest.blobs.length).toBe(41);
      expect(manifest.secretKeyFile).toBe('secret-key');

      const restoredDir = path.join(work, 'restored');
      const restore = await runCommand('restore', [backupDir], { DATA_DIR: restoredDir });
      expect(restore.stderr).not.toContain('failed');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('every checksum matches');
      expect(await fs.readFile(path.join(restoredDir, 'secret-key'), 'utf8')).toBe(
        await fs.readFile(path.join(install.dataDir, 'secret-key'), 'utf8'),
      );

      const restored = await startApp(sqliteEnv(restoredDir));
      try {
        expect(await notesServed(restored.baseUrl, install.client, install.padId)).toEqual(before);
      } finally {
        await restored.close();
      }

      const again = await runCommand('restore', [backupDir], { DATA_DIR: restoredDir });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('is not empty');
      const forced = await runCommand('restore', [backupDir, '--force'], { DATA_DIR: restoredDir });
      expect(forced.code).toBe(0);

      const intoUsed = await runCommand('backup', [backupDir], { DATA_DIR: install.dataDir });
      expect(intoUsed.code).toBe(2);
      expect(intoUsed.stderr).toContain('is not empty');
    },
  );

  it('refuses a damaged backup before writing anything', { timeout: 120_000 }, async () => {
    const backupDir = path.join(work, 'damaged');
    expect((await runCommand('backup', [backupDir], { DATA_DIR: install.dataDir })).code).toBe(0);
    const { blobs } = await readManifest(backupDir);
    const victim = blobs[blobs.length - 1]?.key ?? '';
    const file = path.join(backupDir, 'blobs', victim);
    const bytes = await fs.readFile(file);
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    await fs.writeFile(file, bytes);

    const target = path.join(work, 'never-written');
    const restore = await runCommand('restore', [backupDir], { DATA_DIR: target });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`The backup is damaged`);
    expect(restore.stderr).toContain(`${victim}: SHA-256 differs`);
    await expect(fs.readdir(target)).rejects.toThrow(/ENOENT/);
  });
});

describe.runIf(currentBackend() === 'postgres')('backup and restore: PostgreSQL with pg_dump', () => {
  let server: TestApp;
  let work: string;
  beforeAll(async () => {
    server = await startTestApp();
    work = await fs.mkdtemp(path.join(server.dataDir, '..', 'voxpad-backups-'));
  });
  afterAll(async () => {
    await server?.close();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it(
    'dumps the database with the audio; the recipe in docs/deploy.md and restore bring both back',
    { timeout: 180_000 },
    async () => {
      const { client } = await signedUpClient(server.baseUrl);
      const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Backed up' })).body;
      for (let i = 0; i < 3; i++) {
        const res = await client.request('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
          body: toneWav(0.1, 16000, 300 + i * 70),
          headers: { 'content-type': 'audio/wav', 'content-disposition': `attachment; filename="n${i}.wav"` },
        });
        expect(res.status).toBe(201);
      }
      const before = await notesServed(server.baseUrl, client, pad.id);
      const { database } = server.config;
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');

      const backupDir = path.join(work, 'backup');
      const backup = await runCommand('backup', [backupDir], {
        DATA_DIR: server.dataDir,
        DATABASE_URL: database.url,
      });
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('pg_restore --no-owner --exit-on-error --dbname "$DATABASE_URL"');
      const manifest = await readManifest(backupDir);
      expect(manifest.database).toMatchObject({ kind: 'postgres', file: 'database.dump' });
      expect(manifest.blobs.length).toBe(3);

      const fresh = await createPostgresDatabase();
      const restoredDir = path.join(work, 'restored');
      try {
        execFileSync('pg_restore', [
          '--no-owner',
          '--exit-on-error',
          '--dbname',
          fresh.url,
          path.join(backupDir, 'database.dump'),
        ]);
        const restore = await runCommand('restore', [backupDir], {
          DATA_DIR: restoredDir,
          DATABASE_URL: fresh.url,
        });
        expect(restore.code).toBe(0);
        expect(restore.stderr).toContain('pg_restore');
        const restored = await startApp({ ...sqliteEnv(restoredDir), DATABASE_URL: fresh.url });
        try {
          expect(await notesServed(restored.baseUrl, client, pad.id)).toEqual(before);
        } finally {
          await restored.close();
        }
      } finally {
        await fresh.drop();
      }
    },
  );
});
