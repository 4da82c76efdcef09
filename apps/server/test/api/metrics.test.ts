/**
 * /metrics in Prometheus' text format (issue 14): request latency by route pattern, queue depth
 * and age, job duration and real-time factor, transcription failures and upload bytes, from a
 * real server with a real engine; open to this machine, elsewhere only with METRICS_TOKEN.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signedUpClient, TestClient, type TestClient as Client } from '../support/http-client.ts';
import { toneWav } from '../support/wav.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let app: TestApp;
let dir: string;
let speech: Buffer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxpad-metrics-'));
  const file = path.join(dir, 'speech.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', 'Metrics count every note that is transcribed.', '-o', file]);
  speech = fs.readFileSync(file);
  app = await startTestApp({ ROLE: 'all', TRANSCRIBER: 'pocketsphinx', METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The value of one sample line, e.g. `voxpad_upload_bytes_total 1234`. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const escaped = `${name}${labels}`.replace(/[{}().*+?[\]\\|^$]/g, '\\$&');
  const match = new RegExp(`^${escaped} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

async function scrape(headers: Record<string, string> = {}) {
  const res = await fetch(`${app.baseUrl}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

async function upload(client: Client, padId: string, body: Buffer): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body,
    headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="note.wav"' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function settled(client: Client, padId: string, noteId: string): Promise<VoiceNote> {
  for (let i = 0; i < 300; i++) {
    const res = await client.get<VoiceNote>(`/api/v1/pad/${padId}/voicenote/${noteId}/`);
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`note ${noteId} did not finish`);
}

describe('GET /metrics', () => {
  it('counts requests by route pattern, upload bytes, finished jobs with their real-time factor, and failures', async () => {
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const bytesBefore = sample(before.text, 'voxpad_upload_bytes_total') ?? 0;

    const { client } = await signedUpClient(app.baseUrl);
    const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Metrics' })).body;
    const spoken = await upload(client, pad.id, speech);
    // Silence has no words: the decoder fails it for good.
    const tone = await upload(client, pad.id, toneWav(2, 16000, 0));
    expect((await settled(client, pad.id, spoken.id)).status).toBe('done');
    expect((await settled(client, pad.id, tone.id)).status).toBe('failed');

    const { text } = await scrape();
    expect(sample(text, 'voxpad_upload_bytes_total')).toBe(
      bytesBefore + speech.length + toneWav(2, 16000, 0).length,
    );
    expect(sample(text, 'voxpad_job_duration_seconds_count')).toBe(1);
    expect(sample(text, 'voxpad_job_real_time_factor_count')).toBe(1);
    const rtf = sample(text, 'voxpad_job_real_time_factor_sum')!;
    expect(rtf).toBeGreaterThan(0);
    expect(rtf).toBeLessThan(5);
    expect(sample(text, 'voxpad_transcription_failures_total', '{outcome="permanent"}')).toBe(1);
    // Routes are labelled by pattern, never by the ids in the URL.
    expect(text).toContain('route="/api/v1/pad/:padId/voicenote/"');
    expect(text).not.toContain(pad.id);
    expect(sample(text, 'voxpad_queue_depth', '{status="pending"}')).toBe(0);
    expect(sample(text, 'voxpad_queue_oldest_age_seconds')).toBe(0);
    expect(text).toMatch(/^voxpad_process_resident_memory_bytes [\d.e+]+$/m);
  }, 120_000);

  it('shows how many notes wait and for how long the oldest has waited', async () => {
    const apiOnly = await startTestApp({ ROLE: 'api' });
    try {
      const { client } = await signedUpClient(apiOnly.baseUrl);
      const pad = (await client.post<Pad>('/api/v1/pad/', { name: 'Waiting' })).body;
      const note = await upload(client, pad.id, toneWav(1));
      await upload(client, pad.id, toneWav(1));
      await apiOnly.db
        .updateTable('voice_notes')
        .set({ created_at: Date.now() - 90_000 })
        .where('id', '=', note.id)
        .execute();
      const text = await (await fetch(`${apiOnly.baseUrl}/metrics`)).text();
      expect(sample(text, 'voxpad_queue_depth', '{status="pending"}')).toBe(2);
      expect(sample(text, 'voxpad_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(90);
    } finally {
      await apiOnly.close();
    }
  });

  it('refuses requests a proxy passed on, unless they bring the token', async () => {
    const forwarded = await scrape({ 'x-forwarded-for': '203.0.113.7' });
    expect(forwarded.status).toBe(403);
    expect(JSON.parse(forwarded.text)).toMatchObject({
      status: 403,
      errors: [{ code: 'metrics_forbidden' }],
    });
    expect(
      (await scrape({ 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer wrong-token' })).status,
    ).toBe(403);
    const withToken = await scrape({ 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('voxpad_http_request_duration_seconds_bucket');
  });

  it('refuses other machines without a token', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.4' });
    expect(res.statusCode).toBe(403);
    const ok = await app.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '198.51.100.4',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('is refused to a TestClient-style browser too (no session makes it open)', async () => {
    const client = new TestClient(app.baseUrl);
    const res = await client.get('/metrics', { 'x-real-ip': '203.0.113.8' });
    expect(res.status).toBe(403);
  });
});
