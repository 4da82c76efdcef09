/**
 * The gain of a build on the person's own held-out notes (ADR 0043), per backend, with real
 * decodes: a person keeps a made-up name in their vocabulary and corrects three flite notes that
 * say it; the builder (driven by hand, as adaptation.test.ts does, with this file's own
 * pocketsphinx engine) holds one note out, builds a twin model from the other two, decodes the
 * held-out recording with the stock model and with the twin, and the API shows both error rates.
 * The stock model cannot say the name, so it gets more words wrong. Language model only (no voice
 * model: too little audio), one build, short clips: CPU is shared.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdaptationState } from '@voxpad/shared/adaptation';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { AdaptationRunner } from '../../src/adaptation/builder/adaptation-runner.ts';
import { reviewedNotesSource } from '../../src/adaptation/builder/reviewed-notes-source.ts';
import { AdaptationQueue } from '../../src/adaptation/state/adaptation-queue.ts';
import { createAudioDecoder } from '../../src/transcription/audio/audio-decoder.ts';
import { createTranscriber } from '../../src/transcription/engine-factory.ts';
import type { Transcriber } from '../../src/transcription/transcriber.ts';
import { FixtureDir, speak } from '../transcription/support/speech.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentBackend } from '../support/test-database.ts';
import { completeTranscription } from '../support/transcripts.ts';

const SENTENCES = [
  'please ask zarvokin about the meeting',
  'zarvokin will bring the new frames on monday',
  'tell zarvokin the hives are ready',
];

let server: TestApp;
let transcriber: Transcriber;
const fixtures = new FixtureDir();
beforeAll(async () => {
  server = await startTestApp();
  transcriber = await createTranscriber(server.config);
});
afterAll(async () => {
  await transcriber?.close();
  await server?.close();
  fixtures.remove();
});

function builder(): AdaptationRunner {
  return new AdaptationRunner({
    queue: new AdaptationQueue(server.db, currentBackend()),
    source: reviewedNotesSource(server.db),
    storage: server.storage,
    stock: {
      dir: server.config.transcription.pocketsphinxModelDir,
      trainableDir: `${server.dataDir}/models/_stock`,
    },
    log: server.app.log,
    minAudioSeconds: 1_000_000,
    maxDurationSeconds: 600,
    thresholds: { seconds: 60, words: 5 },
    leaseMs: 60_000,
    pollMs: 1_000,
    checkIntervalMs: 0,
    gain: {
      transcriber,
      decodeAudio: createAudioDecoder({ maxDurationSeconds: 600 }),
      minNotes: server.config.adaptation.gainMinNotes,
      maxSeconds: server.config.adaptation.gainMaxSeconds,
    },
  });
}

/** A flite recording of `text`, transcribed wrongly on purpose and then corrected by the person. */
async function correctedNote(client: TestClient, pad: Pad, text: string, i: number): Promise<void> {
  const wav = readFileSync(speak(text, fixtures.file(`gain-${i}.wav`)));
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, {
    body: wav,
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="note.wav"' },
  });
  expect(res.status, res.text).toBe(201);
  await completeTranscription(server.db, res.body.id, 'please ask sar vote can about the meeting');
  const edit = await client.request('PATCH', `/api/v1/pad/${pad.id}/voicenote/${res.body.id}/`, {
    json: { transcript: text },
  });
  expect(edit.status, edit.text).toBe(200);
}

const stateOf = async (client: TestClient): Promise<AdaptationState> =>
  (await client.get<AdaptationState>('/api/v1/adaptation/')).body;

// Two builds (the twin and the real one), each writing a merged language model (about 6 s of CPU
// each, ADR 0040 session 17): 85 s beside two other adaptation files at load 11.
describe('the gain on held-out notes', { timeout: 180_000 }, () => {
  it('is measured by real decodes of a note the build did not learn from, and shown by the API', async () => {
    const { client } = await signedUpClient(server.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Bees' })).body;
    const added = await client.post('/api/v1/vocabulary/', {
      word: 'Zarvokin',
      pronunciation: 'Z AA R V OW K AH N',
    });
    expect(added.status, added.text).toBe(201);
    for (const [i, text] of SENTENCES.entries()) await correctedNote(client, pad, text, i);

    await client.post('/api/v1/adaptation/', {});
    const runner = builder();
    while ((await stateOf(client)).status === 'queued') await runner.runOnce();

    const state = await stateOf(client);
    expect(state.status, state.error ?? '').toBe('ready');
    expect(state.notes_used).toBe(3);
    expect(state.gain_min_notes).toBe(3);
    const gain = state.gain;
    expect(gain).not.toBeNull();
    // One of three notes held out; its recording is a couple of seconds of flite.
    expect(gain?.notes).toBe(1);
    expect(gain?.seconds).toBeGreaterThan(1);
    expect(gain?.seconds).toBeLessThan(10);
    // The stock model has no "zarvokin": at least one word in the note's 5 to 8 is wrong.
    expect(gain?.wer_before).toBeGreaterThanOrEqual(1 / 8);
    expect(gain?.wer_after).toBeLessThan(gain?.wer_before ?? 0);
  });
});
