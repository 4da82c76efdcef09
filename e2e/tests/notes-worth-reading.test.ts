import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { collectConsoleErrors } from '../support/console-errors.ts';
import { createAndOpenPad } from '../support/pads.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';
import { uploadAndWaitForNote } from '../support/uploads.ts';
import { speak } from '../support/speech.ts';
import { measurePhoneLayout } from '../support/phone-layout.ts';

/**
 * Issue 10, notes worth reading: a recording is named after its first words, lists show a
 * snippet, the transcript reads in paragraphs that open with a time to play from, it is
 * corrected in place, and the note page has speed, 5 s skips and keyboard shortcuts. The
 * Player uses the same player and opens on the pad last recorded into.
 */
const FIRST = 'please remember to buy milk and bread tomorrow morning';
const SECOND = 'then call the garage about the car';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let workDir: string;
let recording: string;
let noteUrl: string;
const consoleErrors: string[] = [];

const base = () => server.baseUrl;
const audio = (target: Page = page) => target.locator('main audio').first();
const audioState = (target: Page = page) =>
  audio(target).evaluate((element: HTMLAudioElement) => ({
    time: element.currentTime,
    paused: element.paused,
    rate: element.playbackRate,
    duration: element.duration,
  }));
const transcript = (target: Page = page) => target.getByRole('group', { name: 'Transcript' });
const timestamps = (target: Page = page) => transcript(target).getByRole('link', { name: /^Play from / });
const activeWord = (target: Page = page) => transcript(target).locator('button[aria-current="true"]');

async function noteJson(): Promise<{ title: string; transcript: string; pad_id: string }> {
  const apiUrl = noteUrl.replace('/pad/', '/api/v1/pad/').replace('/voicenotes/', '/voicenote/');
  const res = await page.request.get(`${apiUrl}/`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { title: string; transcript: string; pad_id: string };
}

async function pause(target: Page = page): Promise<void> {
  await audio(target).evaluate((element: HTMLAudioElement) => element.pause());
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-reading-'));
  // Two sentences with three seconds of silence between them: two paragraphs. The browser's
  // recorder names its uploads "recording.wav", and so does this file: it is an unnamed note.
  const first = speak(FIRST, await fs.mkdtemp(path.join(workDir, 'a-'))).file;
  const second = speak(SECOND, await fs.mkdtemp(path.join(workDir, 'b-'))).file;
  recording = path.join(workDir, 'recording.wav');
  const gap = path.join(workDir, 'gap.wav');
  execFileSync('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', gap, 'trim', '0', '1']);
  execFileSync('sox', [first, gap, second, '-r', '16000', recording]);

  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  browser = await launchChromium();
  ({ context, page } = await openWatchedPage(browser, consoleErrors, {
    viewport: { width: 1280, height: 900 },
  }));

  await signUp(page, base(), { email: 'reader@example.org', username: 'reader' });
  await createAndOpenPad(page, 'Errands');
  noteUrl = await uploadAndWaitForNote(page, base(), recording);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('notes worth reading, in Chromium', () => {
  it('names a transcribed recording after its first words and lists a snippet', async () => {
    const note = await noteJson();
    const words = note.transcript.split(' ');
    expect(words.length, note.transcript).toBeGreaterThanOrEqual(6);
    expect(note.title).not.toBe('Voice note');
    const expected = words.slice(0, 8).join(' ');
    expect(note.title).toBe(
      `${expected.charAt(0).toUpperCase()}${expected.slice(1)}${words.length > 8 ? '…' : ''}`,
    );

    const row = page.locator('li[data-note-id]').first();
    await expect.poll(() => row.getByRole('link').innerText()).toContain(note.title);
    expect(await row.innerText()).toContain(note.transcript.slice(0, 40));
  });

  it('lays the transcript out in paragraphs whose times play from there', async () => {
    await page.goto(noteUrl);
    await page.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    await expect.poll(() => timestamps().count()).toBeGreaterThanOrEqual(2);
    const second = timestamps().nth(1);
    const at = Number(await second.getAttribute('data-start'));
    expect(at).toBeGreaterThan(3);
    const [minutes, seconds] = (await second.innerText()).split(':').map(Number);
    expect(Math.abs(minutes! * 60 + seconds! - at)).toBeLessThanOrEqual(1);

    await second.click();
    await expect.poll(async () => (await audioState()).time).toBeGreaterThanOrEqual(at - 0.05);
    expect(page.url()).toBe(noteUrl);
    // The words said at that time light up as they are played.
    await expect
      .poll(async () => Number(await activeWord().getAttribute('data-start')))
      .toBeGreaterThanOrEqual(at);
    await pause();
  });

  it('corrects a word in place, keeps it after a reload, and the highlight still follows', async () => {
    await page.goto(noteUrl);
    const { transcript: heard } = await noteJson();
    const words = heard.split(' ');
    const edited = [words[0], 'oatmeal', ...words.slice(2)].join(' ');

    const region = page.getByRole('region', { name: 'Transcript', exact: true });
    await region.getByRole('button', { name: 'Edit transcript' }).click();
    const field = region.getByLabel('Transcript text');
    // In place: the words make way for the text, with the text already in it and focused.
    expect(await transcript().count()).toBe(0);
    expect(await field.inputValue()).toBe(heard);
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.fill(edited);
    await region.getByRole('button', { name: 'Save transcript' }).click();
    const oatmeal = transcript().getByRole('button', { name: 'oatmeal', exact: true });
    await oatmeal.waitFor();
    // The title was made from the transcript, so it follows the correction.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('oatmeal');

    await page.reload();
    await page.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    await oatmeal.waitFor();
    const start = Number(await oatmeal.getAttribute('data-start'));
    await oatmeal.click();
    expect(await oatmeal.getAttribute('aria-current')).toBe('true');
    await expect
      .poll(async () => Number(await activeWord().getAttribute('data-start')), { timeout: 10_000 })
      .toBeGreaterThan(start);
    await pause();

    // Escape leaves the editor without saving.
    await region.getByRole('button', { name: 'Edit transcript' }).click();
    await region.getByLabel('Transcript text').fill('something else entirely');
    await page.keyboard.press('Escape');
    await oatmeal.waitFor();
    // Focus goes back once the words are on screen again (an effect after that render).
    await expect
      .poll(() =>
        region.getByRole('button', { name: 'Edit transcript' }).evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
  });

  it('changes speed, skips 5 s, and plays and pauses with the keyboard', async () => {
    await page.goto(noteUrl);
    await page.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    const shortcuts = page.getByRole('heading', { name: 'Keyboard shortcuts' });
    expect(await shortcuts.isVisible()).toBe(true);

    await page.getByLabel('Speed').selectOption('1.5');
    await expect.poll(async () => (await audioState()).rate).toBe(1.5);

    await page.getByRole('button', { name: 'Forward 5 seconds' }).click();
    await expect.poll(async () => (await audioState()).time).toBeCloseTo(5, 1);
    await page.getByRole('button', { name: 'Back 5 seconds' }).click();
    await expect.poll(async () => (await audioState()).time).toBeCloseTo(0, 1);

    // Focus on the page, not in a field or on a button: the keys are the player's.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audioState()).time).toBeCloseTo(5, 1);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState()).paused).toBe(false);
    expect((await audioState()).rate).toBe(1.5);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState()).paused).toBe(true);
    const paused = (await audioState()).time;
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audioState()).time).toBeCloseTo(Math.max(0, paused - 5), 1);
    // Space typed into a field is text, not play.
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await page.getByLabel('Transcript text').press('Space');
    expect((await audioState()).paused).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('fits the note page on a 360 px phone with 44 px controls', async () => {
    const phone = await context.newPage();
    collectConsoleErrors(phone, consoleErrors);
    await phone.setViewportSize({ width: 360, height: 780 });
    await phone.goto(noteUrl);
    await phone.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    await timestamps(phone).first().waitFor();
    const layout = await measurePhoneLayout(phone, 'main a, main button, main select, main [role="slider"]');
    expect(layout.width).toBe(layout.viewport);
    expect(layout.small).toEqual([]);
    await phone.close();
  });

  it('the Player opens on the pad last recorded into, with the same player and highlight', async () => {
    // A newer, empty pad is listed first: the Player still opens where the notes are.
    await page.goto(`${base()}/`);
    await page.getByLabel('Pad name').fill('Someday');
    await page.getByRole('button', { name: 'New pad' }).click();
    await page.getByRole('link', { name: /Someday/ }).waitFor();

    await page.goto(`${base()}/player`);
    const picker = page.getByLabel('Pad', { exact: true });
    await expect
      .poll(async () => picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
      .toMatch(/^Errands/);
    const { title } = await noteJson();
    await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    await page.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    const word = transcript().getByRole('button', { name: 'oatmeal', exact: true });
    await word.click();
    expect(await word.getAttribute('aria-current')).toBe('true');
    await expect.poll(async () => (await audioState()).paused).toBe(false);
    // Speed is the queue's, kept from note to note, and shown in the one player.
    await page.getByLabel('Speed').selectOption('2');
    await expect.poll(async () => (await audioState()).rate).toBe(2);
    await pause();
    expect(consoleErrors).toEqual([]);
  });
});
