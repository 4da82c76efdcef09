import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../packages/shared/src/uploads.ts';
import { launchChromium } from '../support/browser.ts';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy.ts';
import { createAndOpenPad } from '../support/pads.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';
import { speak } from '../support/speech.ts';

const SENTENCE = 'please remember to buy milk and bread tomorrow morning';
const PAD = 'Field notes';

let workDir: string;
let audio: { file: string; seconds: number };
let bigFile: string;
let server: RunningServer;
let proxy: CountingProxy;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let padUrl: string;
let serverStopped = false;
const consoleErrors: string[] = [];

const outboxRows = () => page.locator('[data-outbox-id]');
const notes = () => page.locator('[data-note-id]');

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-outbox-'));
  audio = speak(SENTENCE, workDir);
  // About 16 MB of WAV (48 kHz stereo, the sentence over and over): four tus chunks.
  bigFile = path.join(workDir, 'long interview.wav');
  execFileSync('sox', [audio.file, '-r', '48000', '-c', '2', '-b', '16', bigFile, 'repeat', '24']);

  proxy = await startCountingProxy();
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  // Every request goes through the counting proxy, loopback included.
  // The offline app is the service worker's: this file's contexts keep it.
  browser = await launchChromium(
    audio.file,
    [`--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>'],
    { serviceWorkers: 'allow' },
  );
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('console', (message) => {
    // Failed fetches while offline are expected answers, not application errors.
    if (message.type() === 'error' && !/Failed to load resource|net::ERR_/.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));

  await signUp(page, server.baseUrl, { email: 'outbox@example.org', username: 'outbox' });
  padUrl = (await createAndOpenPad(page, PAD)).url;
});

afterAll(async () => {
  await browser?.close();
  // The offline test stops the server itself; a second stop would wait for an exit that came.
  if (!serverStopped) await server?.stop();
  await proxy?.close();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('the outbox and the offline app, in Chromium', () => {
  // First: it throttles through its own DevTools session, before context.setOffline has set
  // network conditions of its own on the page.
  it('resumes a large upload cut off by the network from the server’s offset; the stored audio is the file', async () => {
    const size = (await fs.stat(bigFile)).size;
    expect(size).toBeGreaterThan(3 * UPLOAD_CHUNK_BYTES);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const network = (offline: boolean, uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline,
        latency: offline ? 0 : 20,
        downloadThroughput: -1,
        uploadThroughput,
      });
    // A slow line (1.5 MB/s up), so the cut lands in the middle of the upload.
    await network(false, 1.5 * 1024 * 1024);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a file…' }).click();
    await (await chooser).setFiles(bigFile);
    const row = outboxRows().first();
    await row.waitFor();
    const percent = async () => Number(/Uploading (\d+) %/.exec(await row.innerText())?.[1] ?? -1);
    await expect.poll(percent, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(45);

    await network(true, -1);
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).toMatch(/Waiting to upload/);
    const sentBeforeCut = proxy.bytesSent('PATCH', '/api/v1/uploads/');
    expect(sentBeforeCut).toBeGreaterThan(0.4 * size);
    expect(sentBeforeCut).toBeLessThan(size);

    await network(false, -1);
    await row.waitFor({ state: 'detached', timeout: 90_000 });
    await expect.poll(() => notes().count(), { timeout: 15_000 }).toBe(1);
    await cdp.detach();

    const sent = proxy.bytesSent('PATCH', '/api/v1/uploads/');
    console.log(`file ${size} bytes; cut after ${sentBeforeCut}; PATCH bodies sent in all ${sent}`);
    expect(sent).toBeGreaterThanOrEqual(size);
    expect(sent).toBeLessThan(2 * size);
    // Resumed, not started over: at most the one chunk under way at the cut is sent again.
    expect(sent).toBeLessThanOrEqual(size + UPLOAD_CHUNK_BYTES);

    const noteId = await notes().first().getAttribute('data-note-id');
    const padId = new URL(padUrl).pathname.split('/').pop();
    const stored = await page.request.get(`${server.baseUrl}/api/v1/pad/${padId}/voicenote/${noteId}/audio/`);
    expect(stored.status()).toBe(200);
    const body = await stored.body();
    expect(body.length).toBe(size);
    expect(body.equals(await fs.readFile(bigFile))).toBe(true);
  });

  it('keeps a recording made offline as "waiting to upload", then uploads and transcribes it online', async () => {
    await context.setOffline(true);
    try {
      await page.getByRole('main').getByRole('button', { name: 'Record', exact: true }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await page.waitForTimeout(Math.ceil(audio.seconds * 1000) + 500);
      await page.getByRole('button', { name: 'Stop' }).click();

      const row = outboxRows().first();
      await row.waitFor({ timeout: 15_000 });
      await expect.poll(() => row.innerText()).toMatch(/Waiting to upload/);
      // Still waiting a moment later: nothing goes out while offline.
      await page.waitForTimeout(1_500);
      expect(await row.innerText()).toMatch(/Waiting to upload/);
      expect(await notes().count()).toBe(1);
    } finally {
      await context.setOffline(false);
    }

    await outboxRows().first().waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => notes().count(), { timeout: 15_000 }).toBe(2);
    await page.getByText('Done', { exact: true }).first().waitFor({ timeout: 120_000 });
  });

  it('takes an audio file shared from another app (Web Share Target) into the chosen pad through the outbox', async () => {
    const before = await notes().count();
    // What the share sheet does: a multipart POST of the file to the manifest's share_target.
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share';
      form.enctype = 'multipart/form-data';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'audio';
      input.id = 'shared-audio';
      form.append(input);
      document.body.append(form);
    });
    await page.setInputFiles('#shared-audio', audio.file);
    await page.evaluate(() =>
      (document.getElementById('shared-audio')?.closest('form') as HTMLFormElement).submit(),
    );

    await page.waitForURL(/\/share\?batch=/);
    await page.getByRole('heading', { name: 'Add shared audio' }).waitFor();
    expect(await page.getByLabel('Pad', { exact: true }).inputValue()).toBe(
      new URL(padUrl).pathname.split('/').pop(),
    );
    await page.getByRole('button', { name: 'Add to pad' }).click();
    await page.waitForURL(padUrl);
    await expect.poll(() => notes().count(), { timeout: 60_000 }).toBe(before + 1);
    // The row says "Uploaded" until the note it became is on the page, then leaves: the two
    // overlap for a moment, so wait for the row to go rather than count it at once.
    await expect.poll(() => outboxRows().count(), { timeout: 15_000 }).toBe(0);
  });

  it('opens the app shell, the pads and the last-seen pad with its notes offline after one online visit', async () => {
    // The service worker was installed by the first visit; this visit (under its control)
    // leaves the pads list and the pad's notes in its cache.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe(
      'activated',
    );
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: PAD }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto(padUrl);
    await notes().nth(2).waitFor();
    const seen = await notes().count();

    // No server at all from here: whatever shows comes from the browser.
    await context.setOffline(true);
    serverStopped = true;
    await server.stop();

    await page.reload();
    await page.getByRole('heading', { name: PAD, level: 1 }).waitFor({ timeout: 30_000 });
    await expect.poll(() => notes().count(), { timeout: 15_000 }).toBe(seen);
    expect(await page.getByText('Done', { exact: true }).count()).toBeGreaterThanOrEqual(1);

    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: PAD }).waitFor({ timeout: 30_000 });

    const manifest = await page.evaluate(() =>
      document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
    );
    expect(manifest).toBe('/manifest.webmanifest');
    expect(consoleErrors).toEqual([]);
  });
});
