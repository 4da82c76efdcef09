import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { createAndOpenPad, type OpenedPad } from '../support/pads.ts';
import { startRecording } from '../support/recorder.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';
import { speak } from '../support/speech.ts';

/**
 * Issue 12, the recorder that never loses a recording: audio is saved in the browser as it is
 * recorded (Opus in WebM), a reload in the middle offers it back and uploads it up to the
 * reload; pause leaves paused time out; the microphone can be chosen.
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
let recoveredNoteId = '';
const consoleErrors: string[] = [];

interface Note {
  id: string;
  status: string;
  content_type: string;
  duration_seconds: number | null;
  transcript: string | null;
}

const base = () => server.baseUrl;
const main = () => page.getByRole('main');
const timer = () => main().getByRole('timer', { name: 'Recording time' });

/** "1:05" -> 65. */
function clockSeconds(text: string): number {
  const [minutes, seconds] = text.trim().split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

async function padNotes(): Promise<Note[]> {
  const res = await page.request.get(`${pad.apiUrl}/voicenote/`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { results: Note[] }).results;
}

/** Waits until the pad has `count` notes, all transcribed, and returns them (newest first). */
async function transcribedNotes(count: number): Promise<Note[]> {
  let notes: Note[] = [];
  await expect
    .poll(
      async () => {
        notes = await padNotes();
        return notes.length === count && notes.every((note) => note.status === 'done');
      },
      { timeout: 120_000, interval: 1_000 },
    )
    .toBe(true);
  return notes;
}

beforeAll(async () => {
  await fs.mkdir(screenshotDir, { recursive: true });
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-recovery-'));
  const audio = speak(SENTENCE, workDir);
  audioSeconds = audio.seconds;
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  browser = await launchChromium(audio.file);
  ({ page } = await openWatchedPage(browser, consoleErrors, { viewport: { width: 1280, height: 900 } }));
  await signUp(page, base(), { email: 'recovery@example.org', username: 'recovery-user' });
  pad = await createAndOpenPad(page, 'Recovery');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('the recorder never loses a recording, in Chromium', () => {
  it('offers a labelled microphone choice, the default first', async () => {
    const select = main().getByLabel('Microphone');
    expect(await select.evaluate((element) => element.tagName)).toBe('SELECT');
    const options = await select.locator('option').allInnerTexts();
    expect(options[0]).toBe('Default microphone');
  });

  it('offers a recording cut short by a reload back, and uploads the audio up to the reload', async () => {
    await startRecording(page);
    // Once through the sentence and a bit, so whole pieces of it are saved before the reload.
    await page.waitForTimeout(Math.ceil(audioSeconds * 1000) + 3_000);
    const recordedSeconds = clockSeconds(await timer().innerText());

    // Leaving while recording asks first; the test says yes.
    let warned = '';
    page.once('dialog', (dialog) => {
      warned = dialog.type();
      void dialog.accept();
    });
    await page.reload();
    expect(warned).toBe('beforeunload');

    const recovered = main().getByRole('region', { name: 'Recovered recordings' });
    await recovered.waitFor({ timeout: 15_000 });
    const text = await recovered.innerText();
    const offered = /Recovered recording, (\d+:\d\d) long/.exec(text);
    expect(offered, text).not.toBeNull();
    // Saved every two seconds: at most the last piece is lost.
    const offeredSeconds = clockSeconds(offered![1]!);
    expect(offeredSeconds).toBeGreaterThanOrEqual(recordedSeconds - 3);
    expect(offeredSeconds).toBeLessThanOrEqual(recordedSeconds + 1);
    await page.screenshot({ path: path.join(screenshotDir, 'recorder-recovered.png'), fullPage: true });

    await recovered.getByRole('button', { name: 'Upload' }).click();
    await recovered.waitFor({ state: 'detached', timeout: 30_000 });

    // The pieces joined are one WebM stream the server recognises, decodes and transcribes.
    const [note] = await transcribedNotes(1);
    recoveredNoteId = note!.id;
    expect(note!.content_type).toBe('audio/webm');
    expect(note!.duration_seconds).toBeGreaterThanOrEqual(offeredSeconds - 2);
    expect(note!.duration_seconds).toBeLessThanOrEqual(recordedSeconds + 1.5);
    const transcript = (note!.transcript ?? '').toLowerCase();
    const heard = KEYWORDS.filter((word) => transcript.includes(word));
    expect(heard.length, `transcript was: ${transcript}`).toBeGreaterThanOrEqual(3);

    // Handed over: nothing is offered again after another reload.
    await page.reload();
    await main().getByRole('button', { name: 'Record', exact: true }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await main().getByRole('region', { name: 'Recovered recordings' }).count()).toBe(0);
  });

  it('leaves paused time out of the clock and of the recording', async () => {
    await startRecording(page);
    await page.waitForTimeout(3_000);
    await main().getByRole('button', { name: 'Pause' }).click();
    const atPause = clockSeconds(await timer().innerText());
    expect(atPause).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(4_000);
    // The clock stood still while paused.
    expect(clockSeconds(await timer().innerText())).toBe(atPause);
    await main().getByRole('button', { name: 'Resume' }).click();
    await page.waitForTimeout(3_000);
    const atStop = clockSeconds(await timer().innerText());
    expect(atStop).toBeGreaterThanOrEqual(atPause + 2);
    expect(atStop).toBeLessThanOrEqual(atPause + 4);
    await main().getByRole('button', { name: 'Stop' }).click();

    const notes = await transcribedNotes(2);
    const paused = notes.find((note) => note.id !== recoveredNoteId);
    // About six seconds recorded over ten on the wall clock: the pause is not in the audio.
    expect(paused?.duration_seconds).toBeGreaterThanOrEqual(atStop - 1.5);
    expect(paused?.duration_seconds).toBeLessThanOrEqual(atStop + 1.5);
    expect(consoleErrors).toEqual([]);
  });
});
