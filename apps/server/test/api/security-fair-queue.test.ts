import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { toneWav } from '../support/wav.ts';

/**
 * Issue 9, finding 3: one user's hundred queued notes must not starve another user's one.
 * The queue is driven by hand (the app runs no worker), so every claim is deterministic.
 */
let server: TestApp;
let queue: TranscriptionQueue;
const LEASE_MS = 600_000;

beforeAll(async () => {
  server = await startTestApp({ JOBS_PER_USER_CONCURRENCY: '2' });
  queue = new TranscriptionQueue(server.db, currentBackend(), server.config.quotas.jobsPerUser);
});
afterAll(async () => {
  await server.close();
});

async function person(): Promise<{ client: TestClient; pad: Pad }> {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Queue' })).body;
  return { client, pad };
}

async function queueNotes({ client, pad }: { client: TestClient; pad: Pad }, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: toneWav(0.1),
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording.wav"' },
    });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

/** Takes every note left by earlier tests out of the way (leased to a worker that never ends). */
async function drain() {
  const unbounded = new TranscriptionQueue(server.db, currentBackend());
  while (await unbounded.claimNext('drainer', LEASE_MS)) {
    /* keep claiming */
  }
}

const finish = (id: string, worker: string) =>
  queue.complete(id, worker, {
    transcript: { text: 'done', segments: [], madeBy: { engine: 'pocketsphinx', model: 'en-us' } },
    durationSeconds: 0.1,
  });

describe('fair transcription queue', () => {
  it("starts another user's single note before the rest of one user's ten", async () => {
    await drain();
    const a = await queueNotes(await person(), 10);
    const [b] = await queueNotes(await person(), 1);

    const first = await queue.claimNext('w1', LEASE_MS);
    const second = await queue.claimNext('w2', LEASE_MS);
    // Oldest first while both have nothing running; then the user with fewer running jobs.
    expect(first?.id).toBe(a[0]);
    expect(second?.id).toBe(b);
    const third = await queue.claimNext('w3', LEASE_MS);
    expect(third?.id).toBe(a[1]);
  });

  it('never runs more than JOBS_PER_USER_CONCURRENCY jobs of one user, and resumes when one ends', async () => {
    await drain();
    const a = await queueNotes(await person(), 5);

    const claimed = [await queue.claimNext('w1', LEASE_MS), await queue.claimNext('w2', LEASE_MS)];
    expect(claimed.map((n) => n?.id)).toEqual([a[0], a[1]]);
    expect(await queue.claimNext('w3', LEASE_MS)).toBeUndefined();

    expect(await finish(a[0]!, 'w1')).toBe(true);
    expect((await queue.claimNext('w3', LEASE_MS))?.id).toBe(a[2]);
    expect(await queue.claimNext('w4', LEASE_MS)).toBeUndefined();
  });

  it('holds the limit when several workers claim at the same moment', async () => {
    await drain();
    const a = await queueNotes(await person(), 8);
    const racers = Array.from({ length: 8 }, (_, i) =>
      new TranscriptionQueue(server.db, currentBackend(), 2).claimNext(`racer${i}`, LEASE_MS),
    );
    const won = (await Promise.all(racers)).filter((note) => note !== undefined);
    expect(won.map((note) => note.id).sort()).toEqual([a[0], a[1]]);
  });

  it('does not count a job whose lease ran out (its worker died) as running', async () => {
    await drain();
    const a = await queueNotes(await person(), 3);
    expect((await queue.claimNext('crashed1', 1_000))?.id).toBe(a[0]);
    expect((await queue.claimNext('crashed2', 1_000))?.id).toBe(a[1]);
    expect(await queue.claimNext('w', LEASE_MS)).toBeUndefined();

    // Later, both leases have run out: the owner runs nothing, so two jobs may start again.
    const later = Date.now() + 5_000;
    const next = [
      await queue.claimNext('w1', LEASE_MS, later),
      await queue.claimNext('w2', LEASE_MS, later),
      await queue.claimNext('w3', LEASE_MS, later),
    ];
    expect(next.map((n) => n?.id)).toEqual([a[0], a[1], undefined]);
  });
});
