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

/**
 * Issue 10, everyday use: Record from the header (and its R shortcut) files notes into the
 * pad on screen or an Inbox made on first use; home leads with recent notes; stats have their
 * own page; home, pad and stats fit a phone with 44 px targets, in light and dark.
 */
const screenshotDir = path.resolve(import.meta.dirname, '../../.e2e');
const SENTENCE = 'please remember to buy milk and bread tomorrow morning';
const KEYWORDS = ['remember', 'milk', 'bread', 'tomorrow', 'morning'];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let workDir: string;
let audioSeconds: number;
const consoleErrors: string[] = [];

const base = () => server.baseUrl;
const recordDialog = (target: Page = page) => target.getByRole('dialog', { name: 'Record a voice note' });
const headerRecord = (target: Page = page) =>
  target.getByRole('banner').getByRole('button', { name: 'Record', exact: true });
const recentRows = () => page.getByRole('region', { name: 'Recent notes' }).getByRole('listitem');

interface RecentNote {
  id: string;
  pad_id: string;
  pad_name: string;
}
async function recentNotes(): Promise<RecentNote[]> {
  const res = await page.request.get(`${base()}/api/v1/voicenote/recent/?limit=50`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { results: RecentNote[] }).results;
}

/** Waits until the open dialog's recorder shows finished words that include a spoken keyword. */
async function liveWordsInDialog(): Promise<string> {
  const finals = recordDialog()
    .getByRole('region', { name: 'Live transcript' })
    .locator('.live-transcript-final');
  let text = '';
  await expect
    .poll(
      async () => {
        text = (await finals.allInnerTexts()).join(' ').toLowerCase();
        return KEYWORDS.some((word) => text.includes(word));
      },
      { timeout: Math.ceil(audioSeconds * 1000) + 30_000, interval: 200 },
    )
    .toBe(true);
  return text;
}

/**
 * Records in the open dialog for the length of the spoken sentence and stops. The live words
 * show before Stop, and at Stop the server files the note from the live stream (the dialog
 * closes and says where), or the outbox uploads it.
 */
async function recordInDialog(padName: string): Promise<void> {
  const notesBefore = (await recentNotes()).length;
  const dialog = recordDialog();
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain(`Saves to “${padName}”`);
  // The tap that opened it was the Record tap: it is already recording.
  const stop = dialog.getByRole('button', { name: 'Stop', exact: true });
  await stop.waitFor();
  const startedAt = Date.now();
  // Words on screen while the recording still runs.
  const heard = await liveWordsInDialog();
  expect(await dialog.getByRole('button', { name: 'Pause' }).isEnabled()).toBe(true);
  console.log(`header recorder, live before Stop: ${heard}`);
  await page.waitForTimeout(Math.max(0, Math.ceil(audioSeconds * 1000) - (Date.now() - startedAt)));
  await page.screenshot({
    path: path.join(screenshotDir, `home-and-header-record-${padName.toLowerCase()}.png`),
  });
  expect(await dialog.getByRole('timer').innerText()).toMatch(/^0:0[2-9]|^0:[1-5]\d/);
  await stop.click();
  // Filed by the server from the live stream; on a machine too busy to file it within 20 s the
  // recording goes to the outbox instead (the designed fallback), and is a note either way.
  await page
    .getByText(new RegExp(`^Voice note (saved in|kept for) “${padName}”`))
    .first()
    .waitFor({ timeout: 45_000 });
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(async () => (await recentNotes()).length, { timeout: 30_000 }).toBe(notesBefore + 1);
}

beforeAll(async () => {
  await fs.mkdir(screenshotDir, { recursive: true });
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-home-'));
  const audio = speak(SENTENCE, workDir);
  audioSeconds = audio.seconds;
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  browser = await launchChromium(audio.file);
  ({ context, page } = await openWatchedPage(browser, consoleErrors, {
    viewport: { width: 1280, height: 800 },
  }));

  await signUp(page, base(), { email: 'home@example.org', username: 'home-user' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('home and header, in Chromium', () => {
  it('teaches the three first steps to someone with nothing yet', async () => {
    const steps = page.getByRole('region', { name: 'Get started in three steps' });
    await steps.waitFor();
    expect(await steps.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Create a pad'),
      expect.stringContaining('Record'),
      expect.stringContaining('Search what you said'),
    ]);
    expect(await page.getByRole('region', { name: 'Recent notes' }).count()).toBe(0);
  });

  it('records from the header on home into an Inbox made on first use', async () => {
    const button = headerRecord();
    expect(await button.getAttribute('aria-keyshortcuts')).toBe('r');
    expect(await button.getAttribute('title')).toMatch(/shortcut: R/);
    await button.click();
    await recordInDialog('Inbox');

    const notes = await recentNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.pad_name).toBe('Inbox');
    // Home now leads with the note, in the Inbox pad the recording created.
    await expect.poll(() => recentRows().count()).toBe(1);
    expect(await recentRows().first().innerText()).toContain('Inbox');
    await page.getByRole('region', { name: 'Pads' }).getByRole('link', { name: /Inbox/ }).waitFor();
    expect(await page.getByRole('region', { name: 'Get started in three steps' }).count()).toBe(0);
  });

  it('opens the recorder with the R key, but not while typing in a field', async () => {
    const padName = page.getByLabel('Pad name');
    await padName.fill('');
    await padName.press('r');
    expect(await padName.inputValue()).toBe('r');
    expect(await recordDialog().isVisible()).toBe(false);
    await padName.fill('');

    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('r');
    await recordInDialog('Inbox');

    // The second note reuses the Inbox rather than making another.
    const notes = await recentNotes();
    expect(notes.map((n) => n.pad_name)).toEqual(['Inbox', 'Inbox']);
    expect(new Set(notes.map((n) => n.pad_id)).size).toBe(1);
    await expect.poll(() => recentRows().count()).toBe(2);
    expect(
      await page.getByRole('region', { name: 'Pads' }).getByRole('link', { name: /Inbox/ }).count(),
    ).toBe(1);
  });

  it('asks before the header recorder throws a recording away, by Cancel or by closing', async () => {
    const notesBefore = (await recentNotes()).length;
    await headerRecord().click();
    const dialog = recordDialog();
    const pause = dialog.getByRole('button', { name: 'Pause' });
    await expect.poll(() => pause.isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(2_000);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const question = dialog.getByRole('alertdialog', { name: /^Discard this recording\? \d+ s of audio/ });
    await question.waitFor();
    // The safe choice has the focus; Escape keeps the recording and the dialog open.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep recording');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await pause.isEnabled()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');

    // Closing the dialog (Escape on it) asks the same question; Discard it throws it away.
    await page.keyboard.press('Escape');
    await question.waitFor();
    await question.getByRole('button', { name: 'Discard it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(2_000);
    expect((await recentNotes()).length).toBe(notesBefore);
    expect(await page.getByRole('region', { name: 'Recovered recordings' }).count()).toBe(0);
  });

  it('lists recent notes with their status, length and what was said', async () => {
    const first = recentRows().first();
    await first.getByText('Done', { exact: true }).waitFor({ timeout: 120_000 });
    await expect.poll(() => first.locator('p').count(), { timeout: 10_000 }).toBe(2);
    const text = await first.innerText();
    // The pad, the date as every list and the note page write it, the length.
    expect(text).toMatch(/Inbox · .*\d{4}.* · \d+ s/);
    await first.getByRole('link').click();
    await page.waitForURL(/\/pad\/[0-9a-z]{26}\/voicenotes\/[0-9a-z]{26}$/);
  });

  it('records into the pad on screen', async () => {
    await page.goto(`${base()}/`);
    await page.getByLabel('Pad name').fill('Errands');
    await page.getByRole('button', { name: 'New pad' }).click();
    await page.getByRole('link', { name: /Errands/ }).click();
    await page.getByRole('heading', { name: 'Errands', level: 1 }).waitFor();
    await headerRecord().click();
    await recordInDialog('Errands');
    const notes = await recentNotes();
    expect(notes[0]!.pad_name).toBe('Errands');
    await page.locator('main li[data-note-id]').first().waitFor();
  });

  it('shows the stats on their own page, linked from the header', async () => {
    await page.goto(`${base()}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Stats', exact: true }).click();
    await page.waitForURL(`${base()}/stats`);
    await page.getByRole('heading', { name: 'Stats', level: 1 }).waitFor();
    await page.getByText('Words transcribed').waitFor();
    expect(await page.title()).toMatch(/^Stats/);
  });

  it('fits home, pad and stats on a 390 px phone with 44 px targets, light and dark', async () => {
    const phone = await context.newPage();
    collectConsoleErrors(phone, consoleErrors);
    await phone.setViewportSize({ width: 390, height: 844 });
    const padId = (await recentNotes())[0]!.pad_id;
    const screens = [
      { url: '/', ready: 'Home' },
      { url: `/pad/${padId}`, ready: 'Errands' },
      { url: '/stats', ready: 'Stats' },
    ];
    for (const screen of screens) {
      await phone.goto(`${base()}${screen.url}`);
      await phone.getByRole('heading', { name: screen.ready, level: 1 }).waitFor();
      // The compact header folds secondary links into a menu.
      expect(await phone.getByRole('banner').getByRole('link', { name: 'Account' }).count()).toBe(0);
      for (const menuOpen of [false, true]) {
        if (menuOpen) await phone.getByRole('button', { name: 'Menu' }).click();
        for (const scheme of ['light', 'dark'] as const) {
          await phone.emulateMedia({ colorScheme: scheme });
          const layout = await phone.evaluate(() => {
            const small: string[] = [];
            for (const control of document.querySelectorAll<HTMLElement>(
              'header a, header button, main a, main button',
            )) {
              const box = control.getBoundingClientRect();
              if (box.width === 0 || box.height === 0) continue;
              if (box.height < 44) {
                small.push(`${control.tagName} "${control.innerText.trim().slice(0, 24)}" ${box.height}px`);
              }
            }
            return { width: document.documentElement.scrollWidth, viewport: window.innerWidth, small };
          });
          const where = `${screen.url} ${scheme}${menuOpen ? ' menu' : ''}`;
          expect(layout.width, where).toBe(layout.viewport);
          expect(layout.small, where).toEqual([]);
        }
        if (menuOpen) {
          await phone.getByRole('banner').getByRole('link', { name: 'Account' }).waitFor();
          await phone.getByRole('button', { name: 'Menu' }).click();
        }
      }
      await phone.screenshot({
        path: path.join(screenshotDir, `home-and-header-phone-${screen.ready.toLowerCase()}.png`),
        fullPage: true,
      });
    }
    await phone.close();
  });

  it('fits the account area and the auth screens at 360 and 430 px, focusing the first field', async () => {
    const noOverflow = (target: Page) =>
      target.evaluate(() => document.documentElement.scrollWidth === window.innerWidth);
    const phone = await context.newPage();
    collectConsoleErrors(phone, consoleErrors);
    for (const width of [360, 430]) {
      await phone.setViewportSize({ width, height: 800 });
      // /profile now leads to the account area.
      await phone.goto(`${base()}/profile`);
      await phone.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      const culprits = await phone.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 8)
          .map(
            (el) =>
              `${el.tagName}.${el.className.toString().slice(0, 80)} ${Math.round(el.getBoundingClientRect().right)}`,
          ),
      );
      expect(await noOverflow(phone), `/profile at ${width}: ${culprits.join(' | ')}`).toBe(true);
    }
    await phone.close();

    const anonymous = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const visitor = await anonymous.newPage();
    collectConsoleErrors(visitor, consoleErrors);
    const screens = [
      { url: '/auth/login', first: 'Username or email' },
      { url: '/auth/signup', first: 'Email' },
      { url: '/auth/magic/code', first: 'Email' },
      { url: '/auth/password/reset', first: 'Email' },
    ];
    for (const screen of screens) {
      for (const width of [360, 430]) {
        await visitor.setViewportSize({ width, height: 800 });
        await visitor.goto(`${base()}${screen.url}`);
        const field = visitor.getByLabel(screen.first, { exact: true });
        await field.waitFor();
        await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
        expect(await noOverflow(visitor), `${screen.url} at ${width}`).toBe(true);
      }
    }

    // The password can be shown to check what was typed.
    await visitor.goto(`${base()}/auth/login`);
    const password = visitor.getByLabel('Password', { exact: true });
    await password.fill('secret words');
    const toggle = visitor.getByRole('button', { name: 'Show password' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await anonymous.close();
  });

  it('raised no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
