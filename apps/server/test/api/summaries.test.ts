/**
 * Summaries through the API (ADR 0052), against a small OpenAI-protocol server on loopback that
 * answers deterministically from the prompt (no model runs here): generating (202, then GET until
 * done), bullets that point at moments of the note, a long note sent in parts and combined, a
 * failing, a slow and a babbling endpoint (each a failed version in words, the earlier summary
 * still readable), a generation left behind by a dead process, automatic summaries per pad,
 * owner scoping, and an unconfigured server that refuses and sends nothing. Notes are
 * transcribed by the real runner through the openai engine against a loopback stand-in that
 * answers the segments the test chose, so no speech model is loaded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorResponse } from '@voxpad/shared/api-errors';
import type {
  PadSummarySettings,
  SummaryAnswer,
  SummaryService,
  SummaryVersions,
} from '@voxpad/shared/summaries';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { PART_PROMPT, COMBINE_PROMPT } from '../../src/summaries/summary-prompts.ts';
import { partBudget } from '../../src/summaries/summary-generation.ts';
import { FakeLlmServer } from '../support/fake-llm-server.ts';
import { signedUpClient, type TestClient } from '../support/http-client.ts';
import { createPad } from '../support/pad-notes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { notePath, settledNote, uploadNote } from '../support/transcribed-notes.ts';
import { toneWav } from '../support/wav.ts';

const CONTEXT_TOKENS = 400;
const API_KEY = 'sk-test-summaries-0123456789';

/** What the stand-in transcription engine answers next: one segment per line, a second apart. */
let nextLines: string[] = [];
const engine = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const segments = nextLines.map((text, i) => ({
      id: i,
      seek: 0,
      start: i * 1.5 + 0.5,
      end: i * 1.5 + 1.5,
      text,
      tokens: [],
      temperature: 0,
      avg_logprob: 0,
      compression_ratio: 1,
      no_speech_prob: 0,
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        task: 'transcribe',
        language: 'en',
        duration: 60,
        text: nextLines.join(' '),
        segments,
      }),
    );
  });
});

const SHORT = [
  'Morning planning for the garden project',
  'We need to order the seeds before Friday',
  'The weather looks dry all week',
  'Sam will call the supplier about the fence',
];
const LONG = Array.from({ length: 30 }, (_, i) =>
  i % 5 === 2
    ? `Item ${i}: we need to check the budget line number ${i}`
    : `Line ${i} talks about the quarterly report in detail`,
);

const llm = new FakeLlmServer();
let app: TestApp;
let off: TestApp;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const summaryPath = (note: VoiceNote, rest = '') => `${notePath(note.pad_id, note.id)}/summary/${rest}`;

async function transcribedNote(client: TestClient, padId: string, lines: string[]): Promise<VoiceNote> {
  nextLines = lines;
  const uploaded = await uploadNote(client, padId, { bytes: toneWav(30), type: 'audio/wav', name: 'n.wav' });
  const note = await settledNote(client, padId, uploaded.id);
  expect(note.status).toBe('done');
  return note;
}

async function settledSummary(client: TestClient, note: VoiceNote): Promise<SummaryAnswer> {
  const res = await until(
    () => client.get<SummaryAnswer>(summaryPath(note)),
    (r) => r.status === 200 && (r.body.status === 'done' || r.body.status === 'failed'),
  );
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  await llm.start();
  await new Promise<void>((done) => engine.listen(0, '127.0.0.1', done));
  const transcription = {
    ROLE: 'all',
    TRANSCRIBER: 'openai',
    OPENAI_BASE_URL: `http://127.0.0.1:${(engine.address() as AddressInfo).port}/v1`,
    JOB_POLL_MS: '100',
  };
  app = await startTestApp({
    ...transcription,
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
    LLM_API_KEY: API_KEY,
    LLM_TIMEOUT_SECONDS: '1',
    LLM_CONTEXT_TOKENS: String(CONTEXT_TOKENS),
  });
  off = await startTestApp(transcription);
});
afterAll(async () => {
  await app?.close();
  await off?.close();
  await llm.close();
  await new Promise((done) => engine.close(done));
});

describe('summaries', () => {
  it('writes a summary, action items that point at their moments, and a title', async () => {
    llm.reset();
    const { client } = await signedUpClient(app.baseUrl);
    const service = await client.get<SummaryService>('/api/v1/summaries/service/');
    expect(service.body).toEqual({
      configured: true,
      endpoint: new URL(llm.baseUrl).host,
      model: 'fake-model',
    });
    const pad = await createPad(client, 'Summaries');
    const note = await transcribedNote(client, pad.id, SHORT);

    const none = await client.get<ApiErrorResponse>(summaryPath(note));
    expect(none.status).toBe(404);
    expect(none.body.errors[0]?.code).toBe('summary_not_found');

    const queued = await client.post<SummaryAnswer>(summaryPath(note));
    expect(queued.status, queued.text).toBe(202);
    expect(['queued', 'running', 'done']).toContain(queued.body.status);
    const done = await settledSummary(client, note);
    expect(done).toMatchObject({
      status: 'done',
      summary: 'Summary: Morning planning for the garden project We need',
      title: 'Morning planning for the',
      model: 'fake-model',
      endpoint: new URL(llm.baseUrl).host,
      error: null,
      previous_done: null,
      action_items: [
        { text: 'We need to order the seeds before Friday', start: 2 },
        { text: 'Sam will call the supplier about the fence', start: 5 },
      ],
    });
    // Every bullet names the start of one of the note's segments.
    const starts = note.segments.map((s) => s.start);
    for (const item of done.action_items) expect(starts).toContain(item.start);

    expect(llm.requests).toHaveLength(1);
    const [sent] = llm.requests;
    expect(sent?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.body.model).toBe('fake-model');
    expect(sent?.body.messages?.[1]?.content).toContain('[2.0] We need to order the seeds before Friday');
  });

  it('sends a long note in parts that fit the context, then combines them', async () => {
    llm.reset();
    const { client } = await signedUpClient(app.baseUrl);
    const pad = await createPad(client, 'Long');
    const note = await transcribedNote(client, pad.id, LONG);
    expect((await client.post(summaryPath(note))).status).toBe(202);
    const done = await settledSummary(client, note);
    expect(done.status, done.error ?? '').toBe('done');

    const systems = llm.requests.map((r) => r.body.messages?.[0]?.content);
    const parts = llm.requests.filter((_, i) => systems[i] === PART_PROMPT);
    const combines = llm.requests.filter((_, i) => systems[i] === COMBINE_PROMPT);
    expect(parts.length).toBeGreaterThan(2);
    expect(combines.length).toBeGreaterThanOrEqual(1);
    // Parts come first, each within the budget, and together they carry every line once.
    expect(systems.slice(0, parts.length).every((s) => s === PART_PROMPT)).toBe(true);
    const budget = partBudget(CONTEXT_TOKENS, PART_PROMPT);
    const partTexts = llm.userTexts().slice(0, parts.length);
    partTexts.forEach((text, i) => {
      expect(text.startsWith(`Transcript, part ${i + 1} of ${parts.length}:`)).toBe(true);
      expect(text.length - text.indexOf('\n')).toBeLessThanOrEqual(budget);
    });
    const sentLines = partTexts.flatMap((text) => text.split('\n').slice(1));
    expect(sentLines).toHaveLength(LONG.length);

    // Every "need to" line of every part survived the combining, at its own second.
    const expected = LONG.flatMap((text, i) => (i % 5 === 2 ? [{ text, start: i * 1.5 + 0.5 }] : []));
    expect(done.action_items).toEqual(expected);
    expect(done.summary).toContain('Summary: Line 0 talks about');
    expect(done.title).toBe('Line 0 talks about');
  });

  it('keeps the earlier summary readable when the endpoint fails, stalls or answers nonsense', async () => {
    llm.reset();
    const { client } = await signedUpClient(app.baseUrl);
    const pad = await createPad(client, 'Failing');
    const note = await transcribedNote(client, pad.id, SHORT);
    await client.post(summaryPath(note));
    const first = await settledSummary(client, note);
    expect(first.status).toBe('done');
    const { previous_done: _, ...firstVersion } = first;

    const cases: [Parameters<FakeLlmServer['reset']>[0], RegExp][] = [
      ['fail', /answered with an error \(HTTP 500: .*model crashed.*\)/],
      ['slow', /did not answer within 1 second/],
      ['bad-json', /did not answer in the form asked for/],
    ];
    for (const [mode, words] of cases) {
      llm.reset(mode);
      llm.slowMs = 3000;
      expect((await client.post(summaryPath(note))).status).toBe(202);
      const failed = await settledSummary(client, note);
      expect(failed.status, mode).toBe('failed');
      expect(failed.error).toMatch(words);
      expect(failed.error).not.toContain(API_KEY);
      expect(failed.summary).toBeNull();
      expect(failed.previous_done).toEqual(firstVersion);
    }
    llm.reset('fenced');
    await client.post(summaryPath(note));
    const fenced = await settledSummary(client, note);
    expect(fenced).toMatchObject({ status: 'done', summary: first.summary, previous_done: null });

    const versions = await client.get<SummaryVersions>(summaryPath(note, 'versions/'));
    expect(versions.status).toBe(200);
    expect(versions.body.results.map((v) => v.status)).toEqual([
      'done',
      'failed',
      'failed',
      'failed',
      'done',
    ]);
    expect(versions.body.results[4]).toEqual(firstVersion);
  });

  it('finishes a generation a dead process left running, and asking twice queues once', async () => {
    llm.reset('slow');
    llm.slowMs = 300;
    const { client } = await signedUpClient(app.baseUrl);
    const pad = await createPad(client, 'Restart');
    const note = await transcribedNote(client, pad.id, SHORT);
    const a = await client.post<SummaryAnswer>(summaryPath(note));
    const b = await client.post<SummaryAnswer>(summaryPath(note));
    expect(b.status).toBe(202);
    expect(b.body.id).toBe(a.body.id);
    await settledSummary(client, note);

    // As a process that died mid-generation leaves it: running, its lease run out.
    llm.reset();
    const { id } = (await client.get<SummaryVersions>(summaryPath(note, 'versions/'))).body.results[0]!;
    await app.db
      .updateTable('note_summaries')
      .set({ status: 'running', lease_owner: 'dead', lease_expires_at: Date.now() - 1, summary: null })
      .where('id', '=', id)
      .execute();
    const redone = await settledSummary(client, note);
    expect(redone).toMatchObject({
      id,
      status: 'done',
      summary: 'Summary: Morning planning for the garden project We need',
    });
    expect(llm.requests).toHaveLength(1);
  });

  it('summarises new notes of a pad that asks for it, and only those', async () => {
    llm.reset();
    const { client } = await signedUpClient(app.baseUrl);
    const auto = await createPad(client, 'Auto');
    const manual = await createPad(client, 'Manual');
    const settings = `/api/v1/pad/${auto.id}/summary-settings/`;
    expect((await client.get<PadSummarySettings>(settings)).body).toEqual({ auto_summary: false });
    const put = await client.put<PadSummarySettings>(settings, { auto_summary: true });
    expect(put.status, put.text).toBe(200);
    expect((await client.get<PadSummarySettings>(settings)).body).toEqual({ auto_summary: true });
    const bad = await client.put<ApiErrorResponse>(settings, { auto_summary: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ param: 'auto_summary' });

    const summarised = await transcribedNote(client, auto.id, SHORT);
    const done = await settledSummary(client, summarised);
    expect(done.status).toBe('done');
    const left = await transcribedNote(client, manual.id, SHORT);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await client.get(summaryPath(left))).status).toBe(404);
    expect(llm.requests).toHaveLength(1);
  });

  it('answers another person 404 for a note, its summary, its versions and a pad’s settings', async () => {
    llm.reset();
    const { client: owner } = await signedUpClient(app.baseUrl);
    const { client: other } = await signedUpClient(app.baseUrl);
    const pad = await createPad(owner, 'Mine');
    const note = await transcribedNote(owner, pad.id, SHORT);
    await owner.post(summaryPath(note));
    expect((await settledSummary(owner, note)).status).toBe('done');

    for (const res of [
      await other.post<ApiErrorResponse>(summaryPath(note)),
      await other.get<ApiErrorResponse>(summaryPath(note)),
      await other.get<ApiErrorResponse>(summaryPath(note, 'versions/')),
      await other.get<ApiErrorResponse>(`/api/v1/pad/${pad.id}/summary-settings/`),
      await other.put<ApiErrorResponse>(`/api/v1/pad/${pad.id}/summary-settings/`, { auto_summary: true }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.errors[0]?.code).toBe('not_found');
    }
    expect((await owner.get<PadSummarySettings>(`/api/v1/pad/${pad.id}/summary-settings/`)).body).toEqual({
      auto_summary: false,
    });
    expect(llm.requests).toHaveLength(1);

    // Deleting the note deletes its summaries.
    expect((await owner.delete(`${notePath(pad.id, note.id)}/`)).status).toBe(204);
    const left = await app.db
      .selectFrom('note_summaries')
      .select('id')
      .where('voice_note_id', '=', note.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses in words and sends nothing when no model is configured', async () => {
    llm.reset();
    const { client } = await signedUpClient(off.baseUrl);
    expect((await client.get<SummaryService>('/api/v1/summaries/service/')).body).toEqual({
      configured: false,
      endpoint: null,
      model: null,
    });
    const pad = await createPad(client, 'Off');
    await client.put(`/api/v1/pad/${pad.id}/summary-settings/`, { auto_summary: true });
    const note = await transcribedNote(client, pad.id, SHORT);
    const res = await client.post<ApiErrorResponse>(summaryPath(note));
    expect(res.status).toBe(409);
    expect(res.body.errors[0]?.code).toBe('summaries_not_configured');
    expect(res.body.errors[0]?.message).toMatch(/turned off on this server.*LLM_BASE_URL/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await client.get(summaryPath(note))).status).toBe(404);
    expect(llm.requests).toHaveLength(0);
  });
});
