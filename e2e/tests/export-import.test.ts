import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { createDatabase, type Db } from '../../apps/server/src/db/database.ts';
import { completeTranscription } from '../../apps/server/test/support/transcripts.ts';
import { toneWav } from '../../apps/server/test/support/wav.ts';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';

/**
 * Export and import (issue 22, ADR 0047): a pad is exported with its button, the browser saves
 * the zip, and the zip imported into another pad with "Import…" gives the same note: the
 * recording byte for byte and the transcript with its word times. The server runs without a
 * worker and the transcript is stored through the queue, so nothing is transcribed.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let db: Db;
const consoleErrors: string[] = [];
const base = () => server.baseUrl;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none', ROLE: 'api' });
  db = createDatabase({ kind: 'sqlite', file: path.join(server.dataDir, 'voxpad.sqlite') });
  browser = await launchChromium();
  ({ context, page } = await openWatchedPage(browser, consoleErrors, {
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  }));
  await signUp(page, base(), { email: 'porter@example.org', username: 'porter' });
});

afterAll(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

async function csrfHeader(): Promise<Record<string, string>> {
  const token = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

async function createPad(name: string): Promise<Pad> {
  const res = await page.request.post(`${base()}/api/v1/pad/`, {
    data: { name },
    headers: await csrfHeader(),
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Pad;
}

async function notesOf(padId: string): Promise<VoiceNote[]> {
  const res = await page.request.get(`${base()}/api/v1/pad/${padId}/voicenote/`);
  return ((await res.json()) as { results: VoiceNote[] }).results;
}

describe('export and import, in Chromium', () => {
  it('exports a pad as a zip and imports it into another pad: same audio, same transcript', async () => {
    const garden = await createPad('Garden');
    const copy = await createPad('Garden copy');
    const audio = toneWav(1.5, 16000, 330);
    const uploaded = await page.request.post(`${base()}/api/v1/pad/${garden.id}/voicenote/`, {
      data: audio,
      headers: {
        ...(await csrfHeader()),
        'Content-Type': 'audio/wav',
        'Content-Disposition': 'attachment; filename="beans.wav"',
      },
    });
    expect(uploaded.status()).toBe(201);
    const note = (await uploaded.json()) as VoiceNote;
    await completeTranscription(db, note.id, 'sow the broad beans before the frost');

    await page.goto(`${base()}/pad/${garden.id}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export pad (.zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^voxpad-pad-.+\.zip$/);
    const zipFile = path.join(server.dataDir, 'export.zip');
    await download.saveAs(zipFile);

    await page.goto(`${base()}/pad/${copy.id}`);
    await page.getByRole('button', { name: 'Import…' }).waitFor();
    await page.getByTestId('import-files').setInputFiles({
      name: 'garden.zip',
      mimeType: 'application/zip',
      buffer: await fs.readFile(zipFile),
    });
    await page.getByText('Import finished: 1 of 1 imported.').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('main').getByText('Sow the broad beans before the frost').count())
      .toBeGreaterThan(0);

    const [original] = await notesOf(garden.id);
    const [imported] = await notesOf(copy.id);
    expect(imported).toMatchObject({
      status: 'done',
      title: original!.title,
      transcript: original!.transcript,
      segments: original!.segments,
      created_at: original!.created_at,
    });
    const bytes = await page.request.get(`${base()}/api/v1/pad/${copy.id}/voicenote/${imported!.id}/audio/`);
    expect(sha256(Buffer.from(await bytes.body()))).toBe(sha256(audio));
    expect(consoleErrors).toEqual([]);
  });
});
