/**
 * Adaptation state and builds (ADR 0038) on a real database, per backend: the state machine
 * (none -> queued -> running -> ready / failed, a POST while running, a DELETE while queued),
 * a real build from corrected flite recordings whose files go to local blob storage, removed by
 * DELETE and, once the account is gone, by the sweeper. The builder is driven by hand here (the
 * test app runs the API role only), exactly as a worker process's loop drives it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdaptationState } from '@voxpad/shared/adaptation';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { AdaptationRunner } from '../../src/adaptation/builder/adaptation-runner.ts';
import { MODEL_FILES } from '../../src/adaptation/builder/model-files.ts';
import { editedNotesSource } from '../../src/adaptation/builder/learnable-source.ts';
import { PersonalModelCache } from '../../src/adaptation/loading/personal-model-cache.ts';
import { AdaptationQueue } from '../../src/adaptation/state/adaptation-queue.ts';
import { sweep } from '../../src/maintenance/sweeper.ts';
import { FixtureDir, speak } from '../transcription/support/speech.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { completeTranscription } from '../support/transcripts.ts';

const SENTENCES = [
  'the varroa count on the sticky board was higher than last week',
  'ottoline said she would bring two nucs on saturday morning',
];

let server: TestApp;
const fixtures = new FixtureDir();
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
  fixtures.remove();
});

function builder(minAudioSeconds = 1_000_000): AdaptationRunner {
  return new AdaptationRunner({
    queue: new AdaptationQueue(server.db, currentBackend()),
    source: editedNotesSource(server.db),
    storage: server.storage,
    stock: {
      dir: server.config.transcription.pocketsphinxModelDir,
      trainableDir: `${server.dataDir}/models/_stock`,
    },
    log: server.app.log,
    minAudioSeconds,
    maxDurationSeconds: 600,
    thresholds: { seconds: 60, words: 5 },
    leaseMs: 60_000,
    pollMs: 1_000,
    checkIntervalMs: 0,
  });
}

async function person(): Promise<{ client: TestClient; userId: string; pad: Pad }> {
  const { client, username } = await signedUpClient(server.baseUrl);
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Bees' })).body;
  return { client, userId: user.id, pad };
}

/** A flite recording of `text`, transcribed (badly, on purpose) and then corrected by hand. */
async function correctedNote(client: TestClient, pad: Pad, text: string, i: number): Promise<void> {
  const wav = readFileSync(speak(text, fixtures.file(`note-${i}.wav`)));
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: wav,
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="note.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  await completeTranscription(server.db, res.body.id, 'the very count on the sticky bored');
  const edit = await client.request('PATCH', `/api/v1/pad/${pad.id}/voicenote/${res.body.id}/`, {
    json: { transcript: text },
  });
  expect(edit.status, edit.text).toBe(200);
}

const stateOf = async (client: TestClient) => {
  const res = await client.get<AdaptationState>('/api/v1/adaptation/');
  expect(res.status).toBe(200);
  return res.body;
};

async function blobsOf(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of server.storage.list(`adaptation/${userId}/`)) keys.push(blob.key);
  return keys;
}

describe('adaptation state', () => {
  it('is none at first, queued on POST, running once claimed, and a POST while running queues it again after', async () => {
    const { client, userId } = await person();
    expect(await stateOf(client)).toEqual({
      status: 'none',
      corrected_seconds: 0,
      notes_used: 0,
      vocabulary_words: 0,
      language_model: { ready: false, built_at: null },
      acoustic_model: { ready: false, built_at: null, seconds: 0 },
      updated_at: null,
      error: null,
      gain: null,
      gain_min_notes: 3,
      voice_profile: null,
    });
    const posted = await client.post<AdaptationState>('/api/v1/adaptation/', {});
    expect(posted.status).toBe(202);
    expect(posted.body.status).toBe('queued');

    const queue = new AdaptationQueue(server.db, currentBackend());
    let claimed = await queue.claimNext('worker-a', 60_000);
    // Other tests' people may be queued too: claim until this person's job comes.
    while (claimed && claimed.user_id !== userId) claimed = await queue.claimNext('worker-a', 60_000);
    expect(claimed?.status).toBe('running');
    expect((await stateOf(client)).status).toBe('running');

    expect((await client.post<AdaptationState>('/api/v1/adaptation/', {})).body.status).toBe('running');
    // Nothing to learn from: the build fails, and the rebuild asked for meanwhile is queued.
    expect(await queue.fail(userId, 'worker-a', 'test failure')).toBe(true);
    expect((await stateOf(client)).status).toBe('queued');
  });

  it('fails with a reason a person can read when there is nothing to learn from', async () => {
    const { client } = await person();
    await client.post('/api/v1/adaptation/', {});
    const runner = builder();
    while (await runner.runOnce()) {
      if ((await stateOf(client)).status !== 'queued') break;
    }
    const state = await stateOf(client);
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/nothing to learn from yet/i);
    expect(state.language_model.ready).toBe(false);
  });

  it('forgets a queued rebuild on DELETE, so no worker builds it', async () => {
    const { client, userId } = await person();
    await client.post('/api/v1/adaptation/', {});
    expect((await client.request('DELETE', '/api/v1/adaptation/')).status).toBe(204);
    expect((await stateOf(client)).status).toBe('none');
    const queue = new AdaptationQueue(server.db, currentBackend());
    expect(await queue.read(userId)).toBeUndefined();
  });
});

// A build also writes the merged language model (about 7 s of CPU, ADR 0040 session 17): alone
// the weight test takes 11 s, beside two other files at load 11 it took over 30 s.
describe('a real build', { timeout: 120_000 }, () => {
  it('learns words and voice from corrected notes, stores the files as blobs, and DELETE removes them', async () => {
    const { client, userId, pad } = await person();
    for (const [i, text] of SENTENCES.entries()) await correctedNote(client, pad, text, i);
    await client.post('/api/v1/adaptation/', {});
    const runner = builder(1);
    while ((await stateOf(client)).status === 'queued') await runner.runOnce();

    const state = await stateOf(client);
    expect(state.error).toBeNull();
    expect(state.status).toBe('ready');
    expect(state.notes_used).toBe(2);
    expect(state.language_model.ready).toBe(true);
    expect(state.acoustic_model.ready).toBe(true);
    expect(state.acoustic_model.seconds).toBeGreaterThan(3);
    const keys = await blobsOf(userId);
    expect(keys.some((key) => key.endsWith('/manifest.json'))).toBe(true);
    expect(keys.length).toBeGreaterThan(5);

    // Any process loads it from blob storage into its own folder.
    const cache = new PersonalModelCache({
      storage: server.storage,
      queue: new AdaptationQueue(server.db, currentBackend()),
      dir: `${server.dataDir}/models/cache`,
      stockDir: server.config.transcription.pocketsphinxModelDir,
      maxModels: 1,
    });
    const loaded = await cache.load(userId);
    expect(loaded?.decoderModel.hmm.startsWith(loaded.dir)).toBe(true);
    // The build's merged language model, which the decoder opens instead of a model set.
    expect(loaded?.decoderModel.mergedLm).toBe(join(loaded?.dir ?? '', MODEL_FILES.mergedLanguageModel));
    expect(existsSync(loaded?.decoderModel.mergedLm ?? '')).toBe(true);
    expect(loaded?.decoderModel.personalLm).toBeUndefined();
    expect(readFileSync(loaded?.decoderModel.dict ?? '', 'utf8')).toMatch(/^varroa /m);
    await cache.close();
    expect(existsSync(loaded?.dir ?? '')).toBe(false);

    expect((await client.request('DELETE', '/api/v1/adaptation/')).status).toBe(204);
    expect(await blobsOf(userId)).toEqual([]);
    expect((await stateOf(client)).status).toBe('none');
  });

  it('chooses the language model weight on held-out text, and the sweeper removes the build once the account is gone', async () => {
    const { client, userId, pad } = await person();
    const texts = [
      'the bees were calm this morning',
      'i checked the brood frames in the second hive',
      'the queen was laying well and the comb was full',
      'we need more sugar syrup before the frost',
      'the varroa count was low after the treatment',
      'the bees brought in pollen from the willow',
    ];
    for (const [i, text] of texts.entries()) await correctedNote(client, pad, text, 10 + i);
    await client.post('/api/v1/adaptation/', {});
    const runner = builder();
    while ((await stateOf(client)).status === 'queued') await runner.runOnce();
    const state = await stateOf(client);
    expect(state.status, state.error ?? '').toBe('ready');
    expect(state.acoustic_model.ready).toBe(false);
    const row = await new AdaptationQueue(server.db, currentBackend()).read(userId);
    const perplexities = JSON.parse(row?.lm_perplexities ?? '{}') as Record<string, number>;
    expect(Object.keys(perplexities).length).toBeGreaterThanOrEqual(3);
    expect(perplexities[String(row?.lm_weight)]).toBe(Math.min(...Object.values(perplexities)));
    expect((await blobsOf(userId)).length).toBeGreaterThan(0);

    await server.db.deleteFrom('users').where('id', '=', userId).execute();
    const result = await sweep(
      {
        db: server.db,
        storage: server.storage,
        queue: { failUnclaimed: () => Promise.resolve(false) },
        log: server.app.log,
        graceMs: 0,
      },
      Date.now() + 1000,
    );
    expect(result.orphanedModelBlobs).toBeGreaterThan(0);
    expect(await blobsOf(userId)).toEqual([]);
  });
});
