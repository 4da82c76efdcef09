import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { collectConsoleErrors } from '../support/console-errors.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';
import { speak } from '../support/speech.ts';
import { measurePhoneLayout } from '../support/phone-layout.ts';

/**
 * The six everyday defects of issue 10, each shown fixed in Chromium against the built app:
 * edits that show, Move on a directly opened note, the note page on a phone, offline links
 * and recordings, leaving while recording, and failed uploads, progress and durations.
 */
const SENTENCE = 'please remember to buy milk and bread tomorrow morning';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let workDir: string;
const consoleErrors: string[] = [];
const files = { speech: '', exact: '', long: '', corrupt: '' };
let noteUrl: string;

const base = () => server.baseUrl;
const notes = () => page.locator('li[data-note-id]');
const statusOf = (target: Page) => target.locator('main span[aria-live="polite"]').first();

async function openPad(name: string, target: Page = page): Promise<void> {
  await target.goto(`${base()}/`);
  await target.getByRole('link', { name: new RegExp(name) }).click();
  await target.getByRole('heading', { name, level: 1 }).waitFor();
}

/** Uploads a file on the open pad page; answers the new note's page address. */
async function upload(file: string): Promise<string> {
  const before = await notes().count();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a file…' }).click();
  await (await chooser).setFiles(file);
  const deadline = Date.now() + 30_000;
  while ((await notes().count()) !== before + 1) {
    if (Date.now() > deadline) throw new Error(`${path.basename(file)} did not appear in the list`);
    await page.waitForTimeout(100);
  }
  const href = await notes().first().locator('a').first().getAttribute('href');
  return `${base()}${href!}`;
}

async function waitDone(target: Page = page): Promise<void> {
  await target.getByText('Done', { exact: true }).first().waitFor({ timeout: 90_000 });
}

/** Records a few seconds offline: the page keeps the recording and says it will upload later. */
async function recordOffline(): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Record', exact: true }).click();
  await page
    .getByRole('timer')
    .filter({ hasText: /0:0[2-9]/ })
    .waitFor();
  await page.getByRole('button', { name: 'Stop' }).click();

  const offline = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await offline.waitFor();
  expect(await offline.innerText()).toMatch(
    /kept in this browser and will be uploaded when you are back online, even after a reload/,
  );
  expect(await page.getByText(/Uploading…/).count()).toBe(0);
  const record = page.getByRole('main').getByRole('button', { name: 'Record', exact: true });
  expect(await record.isEnabled()).toBe(true);
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-everyday-'));
  files.speech = speak(SENTENCE, workDir).file;
  // 16 kHz mono, then 6.6 s long ("7 s" rounded, "0:06" cut off) and about 40 s long.
  const mono = path.join(workDir, 'mono.wav');
  execFileSync('sox', [files.speech, '-r', '16000', '-c', '1', '-b', '16', mono]);
  files.exact = path.join(workDir, 'exact.wav');
  execFileSync('sox', [mono, files.exact, 'pad', '0', '5', 'trim', '0', '6.6']);
  files.long = path.join(workDir, 'long.wav');
  execFileSync('sox', [mono, files.long, 'repeat', '6']);
  // A WAV whose header is garbage after the first 12 bytes.
  files.corrupt = path.join(workDir, 'damaged.wav');
  const header = Buffer.from('RIFF\x24\x00\x00\x00WAVE', 'latin1');
  await fs.writeFile(files.corrupt, Buffer.concat([header, Buffer.alloc(2000, 0x5a)]));

  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  // Links followed and recordings kept offline need the service worker.
  browser = await launchChromium(files.speech, [], { serviceWorkers: 'allow' });
  ({ context, page } = await openWatchedPage(browser, consoleErrors, {
    viewport: { width: 1280, height: 900 },
  }));

  await signUp(page, base(), { email: 'everyday@example.org', username: 'everyday' });
  // Exactly two pads: a note in one has one other pad to move to.
  for (const name of ['Inbox', 'Errands']) {
    await page.getByLabel('Pad name').fill(name);
    await page.getByRole('button', { name: 'New pad' }).click();
    await page.getByRole('link', { name: new RegExp(name) }).waitFor();
  }
  await openPad('Inbox');
  noteUrl = await upload(files.speech);
  await waitDone();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('everyday defects, in Chromium', () => {
  it('1. shows a saved transcript correction, timed, after a reload and in the version history', async () => {
    await page.goto(noteUrl);
    const apiUrl = noteUrl.replace('/pad/', '/api/v1/pad/').replace('/voicenotes/', '/voicenote/');
    const heard = ((await (await page.request.get(`${apiUrl}/`)).json()) as { transcript: string })
      .transcript;
    const words = heard.split(' ');
    expect(words.length, heard).toBeGreaterThanOrEqual(4);
    const edited = ['Note:', ...words.slice(0, 2), 'oat', ...words.slice(2)].join(' ');

    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await page.getByLabel('Transcript text').fill(edited);
    await page.getByRole('button', { name: 'Save transcript' }).click();

    const transcript = page.getByRole('group', { name: 'Transcript' });
    const oat = transcript.getByRole('button', { name: 'oat', exact: true });
    await oat.waitFor();
    await page.reload();
    await oat.waitFor();
    expect(await transcript.getByRole('button').allInnerTexts()).toEqual(
      edited.split(' ').map((word) => expect.stringContaining(word) as unknown as string),
    );

    // The typed word is timed between the spoken words around it, and plays from there.
    const starts = await transcript
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-start'))));
    const at = starts[3]!;
    expect(at).toBeGreaterThan(starts[2]!);
    expect(at).toBeLessThanOrEqual(starts[4]!);
    await page.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    await oat.click();
    await expect
      .poll(() => page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime))
      .toBeGreaterThanOrEqual(at - 0.05);
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());

    // The edit is in the history and is the current version.
    const history = page.getByRole('region', { name: 'Version history' }).getByRole('listitem');
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.nth(0).innerText()).toMatch(/Edited by hand[\s\S]*Current/);
    expect(await history.nth(1).innerText()).toMatch(/Transcribed by pocketsphinx \(en-us\)/);
    expect(
      await history
        .nth(1)
        .getByRole('button', { name: /Restore/ })
        .count(),
    ).toBe(1);
    expect(await page.getByText('Current', { exact: true }).count()).toBe(1);
  });

  it('2. moves a note from a directly opened page, with only one other pad', async () => {
    await openPad('Inbox');
    const url = await upload(files.exact);
    // A fresh load: the pads arrive after the page has rendered.
    await page.goto(url);
    const move = page.getByRole('button', { name: 'Move', exact: true });
    await move.waitFor();
    await expect.poll(() => move.isEnabled(), { timeout: 5_000 }).toBe(true);
    expect(await page.getByLabel('Move to pad').inputValue()).not.toBe('');
    await move.click();
    await page.getByText('Voice note moved.').waitFor();
    await page.getByRole('link', { name: '← Errands' }).waitFor();
    expect(page.url()).toContain(url.split('/voicenotes/')[1]!);
    expect(page.url()).not.toBe(url);
  });

  it('3. fits the note page on a 390 px phone with 44 px touch targets', async () => {
    const phone = await context.newPage();
    collectConsoleErrors(phone, consoleErrors);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(noteUrl);
    await phone.getByRole('region', { name: 'Version history' }).getByRole('listitem').first().waitFor();
    await phone.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await phone.emulateMedia({ colorScheme: scheme });
      const layout = await measurePhoneLayout(
        phone,
        'main a, main button, main select, main input, main textarea, main [role="slider"]',
      );
      expect(layout.width, scheme).toBe(layout.viewport);
      expect(layout.small, scheme).toEqual([]);
    }
    await phone.close();
  });

  it('4a. stays on the app when a link is followed offline, and opens it once back online', async () => {
    // A new context has nothing cached, so the pad page's module must come from the server.
    const fresh = await browser.newContext({ storageState: await context.storageState() });
    const tab = await fresh.newPage();
    collectConsoleErrors(tab, consoleErrors);
    await tab.goto(`${base()}/`);
    await tab.getByRole('link', { name: /Errands/ }).waitFor();
    await tab.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await fresh.setOffline(true);
    await tab.getByRole('link', { name: /Errands/ }).click();
    await tab.waitForTimeout(2_000);
    expect(tab.url().startsWith(base())).toBe(true);
    expect(await tab.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await fresh.setOffline(false);
    await tab.getByRole('heading', { name: 'Errands', level: 1 }).waitFor({ timeout: 15_000 });
    expect(await tab.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await fresh.close();
  });

  it('4b. keeps a recording made offline, says so, keeps it across a reload, and uploads it when back online', async () => {
    await openPad('Inbox');
    const before = await notes().count();
    await context.setOffline(true);
    try {
      await recordOffline();
      // Kept in this browser, not in the page: a reload (served by the service worker) still has it.
      const waiting = page.getByText('Waiting to upload (offline)');
      await waiting.waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor({ timeout: 30_000 });
      await waiting.waitFor({ timeout: 15_000 });
      expect(await notes().count()).toBe(before);
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => notes().count(), { timeout: 30_000 }).toBe(before + 1);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ state: 'detached' });
  });

  it('5. asks before leaving a pad page while recording', async () => {
    await openPad('Inbox');
    const padUrl = page.url();
    await page.getByRole('main').getByRole('button', { name: 'Record', exact: true }).click();
    const stop = page.getByRole('button', { name: 'Stop' });
    await expect.poll(() => stop.isEnabled()).toBe(true);

    await page.getByRole('link', { name: '← All pads' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.innerText()).toMatch(/recording is still being made or uploaded/);
    expect(page.url()).toBe(padUrl);
    await confirm.getByRole('button', { name: 'Stay on this page' }).click();
    expect(await stop.isEnabled()).toBe(true);

    // Closing or reloading the tab gets the browser's own question.
    const dialog = page.waitForEvent('dialog');
    await page.evaluate(() => setTimeout(() => window.location.reload(), 0));
    const asked = await dialog;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();
    expect(await stop.isEnabled()).toBe(true);

    await page.getByRole('link', { name: '← All pads' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave and discard it' }).click();
    await page.waitForURL(`${base()}/`);
  });

  it('6a. offers another file, not "Upload again", when the server refuses a damaged file', async () => {
    await openPad('Inbox');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a file…' }).click();
    await (await chooser).setFiles(files.corrupt);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be uploaded' });
    await alert.waitFor();
    expect(await alert.getByRole('button', { name: 'Upload again' }).count()).toBe(0);
    const another = page.waitForEvent('filechooser');
    await alert.getByRole('button', { name: 'Choose another file' }).click();
    await another;
  });

  it('6b. shows transcription progress climbing, not 0 % until done', async () => {
    await openPad('Inbox');
    const url = await upload(files.long);
    await page.goto(url);
    const seen = new Set<number>();
    for (let i = 0; i < 1_200; i++) {
      const text = await statusOf(page).innerText();
      const percent = /(\d+)%/.exec(text)?.[1];
      if (percent !== undefined) seen.add(Number(percent));
      if (/Done|Failed/.test(text)) break;
      await page.waitForTimeout(100);
    }
    expect(await statusOf(page).innerText()).toMatch(/Done/);
    // Before the fix only 0 % then Done was ever shown. How many steps the page catches depends
    // on the machine's speed (a loaded CI machine showed 1, 34, 78), so two climbing steps are
    // the proof, not a count that a fast or busy machine could miss.
    const between = [...seen].filter((p) => p > 0 && p < 100).sort((a, b) => a - b);
    expect(between.length, `progress seen: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(2);
  });

  it('6c. names the same length in the header and in the player', async () => {
    await openPad('Inbox');
    const url = await upload(files.exact);
    await page.goto(url);
    const header = await page.locator('main p:has(> time) > span').first().innerText();
    expect(header).toBe('7 s');
    const clock = page.getByText(/^\d+:\d\d \/ \d+:\d\d$/);
    await clock.waitFor({ timeout: 15_000 });
    expect((await clock.innerText()).split(' / ')[1]).toBe('0:07');
    expect(consoleErrors).toEqual([]);
  });
});
