import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { createAndOpenPad, type OpenedPad } from '../support/pads.ts';
import { startRecording } from '../support/recorder.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';
import { speak } from '../support/speech.ts';

/**
 * Issue 13, live transcription in the web recorder: while Chromium's fake microphone speaks a
 * known sentence, its words appear on the recorder before Stop; at Stop the server files the
 * note with exactly those words as its transcript, done without a job; and when the live
 * stream drops mid-way the recording goes on and is uploaded and transcribed as before.
 */
const screenshotDir = path.resolve(import.meta.dirname, '../../.e2e');
const SENTENCE = 'please remember to buy milk and bread tomorrow morning';
const KEYWORDS = ['remember', 'milk', 'bread', 'tomorrow', 'morning'];

let server: RunningServer;
let browser: Browser;
let page: Page;
let workDir: string;
let audioSeconds: number;
let pad: OpenedPad;
const consoleErrors: string[] = [];

interface Note {
  id: string;
  status: string;
  content_type: string;
  duration_seconds: number | null;
  transcript: string | null;
  attempts?: number;
}

const base = () => server.baseUrl;
const main = () => page.getByRole('main');
const liveRegion = () => main().getByRole('region', { name: 'Live transcript' });
const apiNotesUrl = () => `${pad.apiUrl}/voicenote/`;

/** The finished sentences the recorder shows, as one line. */
async function shownFinalText(): Promise<string> {
  const sentences = await liveRegion().locator('.live-transcript-final').allInnerTexts();
  return sentences.join(' ').replace(/\s+/g, ' ').trim();
}

/** Waits until the recorder shows finished words that include `count` of the keywords. */
async function waitForLiveKeywords(count: number): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        text = (await shownFinalText()).toLowerCase();
        return KEYWORDS.filter((word) => text.includes(word)).length;
      },
      { timeout: Math.ceil(audioSeconds * 1000) + 30_000, interval: 200 },
    )
    .toBeGreaterThanOrEqual(count);
  return text;
}

async function padNotes(): Promise<Note[]> {
  const res = await page.request.get(apiNotesUrl());
  expect(res.status()).toBe(200);
  return ((await res.json()) as { results: Note[] }).results;
}

beforeAll(async () => {
  await fs.mkdir(screenshotDir, { recursive: true });
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-live-'));
  const audio = speak(SENTENCE, workDir);
  audioSeconds = audio.seconds;
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  browser = await launchChromium(audio.file);
  ({ page } = await openWatchedPage(browser, consoleErrors, { viewport: { width: 1280, height: 900 } }));
  await signUp(page, base(), { email: 'live@example.org', username: 'live-user' });
  pad = await createAndOpenPad(page, 'Live');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('live transcription in the recorder, in Chromium', () => {
  it('shows the words before Stop, and Stop files the note with exactly those words, without a job', async () => {
    await startRecording(page);
    expect(await liveRegion().isVisible()).toBe(true);

    // Words on screen while the recording still runs: Stop not pressed, the clock going.
    const heardLive = await waitForLiveKeywords(2);
    expect(await main().getByRole('button', { name: 'Pause' }).isEnabled()).toBe(true);
    expect(await main().getByText('Recording…', { exact: true }).count()).toBe(1);
    expect(await padNotes()).toEqual([]);
    console.log(`live before Stop: ${heardLive}`);
    // Sentences are also announced to screen readers, from a hidden polite live region.
    const announced = await liveRegion().locator('[aria-live="polite"]').innerText();
    expect(announced.replace(/\s+/g, ' ').trim()).toBe(await shownFinalText());
    await page.screenshot({ path: path.join(screenshotDir, 'live-transcript.png'), fullPage: true });

    const stoppedAt = Date.now();
    await main().getByRole('button', { name: 'Stop' }).click();
    await liveRegion().getByText('Saved with this transcript.').waitFor({ timeout: 25_000 });
    const filedAfterMs = Date.now() - stoppedAt;
    const live = await shownFinalText();

    // The first read after "filed": the note is already done, with the live words as its
    // transcript, and no job ever ran on it.
    const notes = await padNotes();
    console.log(`Stop -> filed ${filedAfterMs} ms; live: "${live}"; stored: "${notes[0]?.transcript}"`);
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note!.status).toBe('done');
    expect(note!.transcript).toBe(live);
    expect(note!.attempts ?? 0).toBe(0);
    expect(note!.content_type).toBe('audio/wav');
    const heard = KEYWORDS.filter((word) => live.toLowerCase().includes(word));
    expect(heard.length, `live transcript was: ${live}`).toBeGreaterThanOrEqual(3);
    const versions = await page.request.get(`${apiNotesUrl()}${note!.id}/versions/`);
    const { results } = (await versions.json()) as {
      results: { source: string; text: string; current: boolean }[];
    };
    expect(results).toEqual([expect.objectContaining({ source: 'engine', text: live, current: true })]);

    // The note shows in the pad at once, done; nothing waits in the outbox or on this device.
    await main()
      .getByRole('link', { name: /voice note/i })
      .first()
      .waitFor({ timeout: 5_000 });
    expect(await main().getByText('Done', { exact: true }).count()).toBe(1);
    expect(await page.locator('[data-outbox-id]').count()).toBe(0);
    await page.waitForTimeout(2_000);
    expect(await padNotes()).toHaveLength(1);

    await page.reload();
    await main().getByRole('button', { name: 'Record', exact: true }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await main().getByRole('region', { name: 'Recovered recordings' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);

    // The note's page reads the transcript as sentences: a capital first, a full stop last
    // (the server's formatter gives the words their display forms).
    await main()
      .getByRole('link', { name: /voice note/i })
      .first()
      .click();
    const transcript = main().getByRole('group', { name: 'Transcript' });
    await transcript.waitFor();
    // Without the screen-reader note on words that may have been misheard.
    const paragraphs = (await transcript.locator('p').allInnerTexts()).map((p) =>
      p.replace(/\s+/g, ' ').replaceAll(' (uncertain)', '').trim(),
    );
    console.log(`note page transcript: ${JSON.stringify(paragraphs)}`);
    expect(paragraphs.length).toBeGreaterThanOrEqual(1);
    for (const paragraph of paragraphs) expect(paragraph).toMatch(/^[A-Z].*[.!?]$/);
  });

  it('keeps recording when the live stream drops, and uploads and transcribes the recording after Stop', async () => {
    await page.goto(pad.url);
    const before = (await padNotes()).map((note) => note.id);
    let stream: WebSocketRoute | undefined;
    await page.routeWebSocket(/\/voicenote\/live\/$/, (route) => {
      stream = route;
      route.connectToServer();
    });
    await startRecording(page);
    await waitForLiveKeywords(1);
    // The connection breaks while the person speaks.
    await stream!.close();
    await liveRegion()
      .getByText(/Live transcript stopped\. The recording goes on on this device/)
      .waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'live-transcript-dropped.png'), fullPage: true });
    expect(await main().getByRole('button', { name: 'Pause' }).isEnabled()).toBe(true);
    await page.waitForTimeout(Math.ceil(audioSeconds * 1000));
    await main().getByRole('button', { name: 'Stop' }).click();

    // Uploaded through the outbox as before the live stream existed, and transcribed by a job;
    // the dropped stream left nothing behind (one new note, not two).
    let added: Note[] = [];
    await expect
      .poll(
        async () => {
          added = (await padNotes()).filter((note) => !before.includes(note.id));
          return added.length === 1 && added[0]!.status === 'done';
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(true);
    const [note] = added;
    expect(note!.content_type).toBe('audio/webm');
    expect(note!.attempts).toBeGreaterThanOrEqual(1);
    const transcript = (note!.transcript ?? '').toLowerCase();
    const heard = KEYWORDS.filter((word) => transcript.includes(word));
    expect(heard.length, `transcript was: ${transcript}`).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(2_000);
    expect((await padNotes()).filter((n) => !before.includes(n.id))).toHaveLength(1);
    await page.unrouteAll();
  });
});
