import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { signedUpClient } from '../support/http-client.ts';
import { toneWav } from '../support/wav.ts';

let server: TestApp;
let queue: TranscriptionQueue;
beforeAll(async () => {
  server = await startTestApp();
  queue = new TranscriptionQueue(server.db, currentBackend());
});
afterAll(async () => {
  await server.close();
});

async function queueNotes(count: number): Promise<string[]> {
  const { client } = await signedUpClient(server.baseUrl);
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Queue' })).body;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
      body: toneWav(0.1),
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording.wav"' },
    });
    ids.push(res.body.id);
  }
  return ids;
}

async function drain() {
  while (await queue.claimNext('drainer', 60_000)) {
    /* empty the queue between tests */
  }
}

describe('transcription queue', () => {
  it('hands each note to exactly one of many concurrent claimers', async () => {
    await drain();
    const ids = await queueNotes(12);
    const claimed: string[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, w) => {
        for (;;) {
          const note = await queue.claimNext(`w${w}`, 60_000);
          if (!note) return;
          claimed.push(note.id);
        }
      }),
    );
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it('gives an expired lease to another worker, and the late worker cannot finish it', async () => {
    await drain();
    const [id] = await queueNotes(1);
    const first = await queue.claimNext('crashed', 1_000);
    expect(first?.id).toBe(id);
    expect(await queue.claimNext('other', 60_000)).toBeUndefined();

    const later = Date.now() + 5_000;
    const second = await queue.claimNext('survivor', 60_000, later);
    expect(second?.id).toBe(id);
    expect(second?.attempts).toBe(2);

    const madeBy = { engine: 'pocketsphinx', model: 'en-us' };
    const result = (text: string) => ({ transcript: { text, segments: [], madeBy }, durationSeconds: 1 });
    expect(await queue.complete(id!, 'crashed', result('late'))).toBe(false);
    expect(await queue.renew(id!, 'crashed', 60_000)).toBe(false);
    expect(await queue.complete(id!, 'survivor', result('on time'))).toBe(true);
    const row = await server.db
      .selectFrom('voice_notes')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', transcript: 'on time', lease_owner: null });
  });

  it('holds a retried note back until its back-off has passed', async () => {
    await drain();
    const [id] = await queueNotes(1);
    await queue.claimNext('w', 60_000);
    const notBefore = Date.now() + 10_000;
    expect(await queue.retryLater(id!, 'w', notBefore)).toBe(true);
    expect(await queue.claimNext('w', 60_000)).toBeUndefined();
    expect((await queue.claimNext('w', 60_000, notBefore + 1))?.id).toBe(id);
  });

  it('records a failure with its reason', async () => {
    await drain();
    const [id] = await queueNotes(1);
    await queue.claimNext('w', 60_000);
    expect(await queue.fail(id!, 'w', 'The recording is empty.')).toBe(true);
    const row = await server.db
      .selectFrom('voice_notes')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'The recording is empty.' });
  });

  it('queues again only finished and failed notes, all in one transaction with what runs before', async () => {
    await drain();
    const [done, failed, running, waiting] = await queueNotes(4);
    const madeBy = { engine: 'pocketsphinx', model: 'en-us' };
    for (const id of [done, failed, running]) {
      expect((await queue.claimNext('w', 60_000))?.id).toBe(id);
    }
    await queue.complete(done!, 'w', {
      transcript: { text: 'done', segments: [], madeBy },
      durationSeconds: 1,
    });
    await queue.fail(failed!, 'w', 'The recording is empty.');
    const statusOf = async (id: string) =>
      (
        await server.db
          .selectFrom('voice_notes')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    const ids = [done!, failed!, running!, waiting!];
    const options = { engine: null, language: 'en' };

    // What runs before fails: nothing is queued.
    await expect(
      queue.retranscribeEach(ids, options, () => Promise.reject(new Error('could not keep a version'))),
    ).rejects.toThrow('could not keep a version');
    expect(await Promise.all(ids.map(statusOf))).toEqual(['done', 'failed', 'processing', 'pending']);

    const before: string[] = [];
    const queued = await queue.retranscribeEach(ids, options, async (_trx, id) => {
      before.push(id);
    });
    expect(queued.sort()).toEqual([done!, failed!].sort());
    expect(before.sort()).toEqual(queued);
    expect(await Promise.all(ids.map(statusOf))).toEqual(['pending', 'pending', 'processing', 'pending']);
    expect(await queue.retranscribeEach([], options)).toEqual([]);
  });
});
