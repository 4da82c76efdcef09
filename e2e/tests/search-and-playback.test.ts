import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../support/server.ts';
import type { Mailbox } from '../support/mailbox.ts';
import { createAndOpenPad } from '../support/pads.ts';
import { startRecordingSession, type RecordingSession } from '../support/recording-session.ts';
import { signUpAndConfirm } from '../support/sign-up.ts';

const SENTENCE = 'please remember to buy milk and bread tomorrow morning';
/** Words worth searching for, latest first so the player has to start well into the audio. */
const CANDIDATES = ['morning', 'tomorrow', 'bread', 'milk', 'remember'];
const screenshotDir = path.resolve(import.meta.dirname, '../../.e2e');

let server: RunningServer;
let session: RecordingSession;
let page: Page;
let audio: { file: string; seconds: number };
let mailbox: Mailbox;
let consoleErrors: string[];

async function shoot(name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  await fs.mkdir(screenshotDir, { recursive: true });
  session = await startRecordingSession(SENTENCE, { width: 1280, height: 900 });
  ({ server, page, audio, mailbox, consoleErrors } = session);
});

afterAll(async () => {
  await session?.close();
});

describe('search a spoken word and play from there, in Chromium', () => {
  it('records, finds a word through the header search and opens the player at that moment', async () => {
    const who = { email: 'search@example.org', username: 'search-user' };
    await signUpAndConfirm(page, server.baseUrl, mailbox, who);
    await createAndOpenPad(page, 'Errands', { colour: 'Teal', icon: '🛒' });

    await page.getByRole('main').getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await page
      .getByRole('timer')
      .filter({ hasText: /0:0[1-9]/ })
      .waitFor();
    await page.waitForTimeout(Math.ceil(audio.seconds * 1000) + 500);
    await page.getByRole('button', { name: 'Stop' }).click();

    await page.getByText('Done', { exact: true }).first().waitFor({ timeout: 90_000 });
    await shoot('pad');

    // Which of the spoken words did the recogniser hear? Search for the latest one.
    await page
      .getByRole('link', { name: /voice note/i })
      .first()
      .click();
    await page.waitForURL(/\/voicenotes\/[0-9a-z]{26}/);
    const transcript = page.getByRole('region', { name: 'Transcript', exact: true });
    await transcript.waitFor();
    const heard = (await transcript.innerText()).toLowerCase();
    const word = CANDIDATES.find((candidate) => heard.includes(candidate));
    expect(word, `transcript was: ${heard}`).toBeDefined();
    await page.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    await shoot('voice-note');
    await page
      .getByRole('link', { name: 'All pads' })
      .or(page.getByRole('link', { name: /Errands/ }))
      .first()
      .click();

    // The header search, driven by the keyboard.
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill(word!);
    const noteOption = page
      .getByRole('option')
      .filter({ hasText: /at \d+:\d\d/ })
      .first();
    await noteOption.waitFor();
    await expect.poll(() => noteOption.locator('mark').first().innerText()).toMatch(new RegExp(word!, 'i'));
    await shoot('search');
    const options = await page.getByRole('option').count();
    const noteIndex = await page
      .getByRole('option')
      .evaluateAll((items) => items.findIndex((item) => /at \d+:\d\d/.test(item.textContent ?? '')));
    expect(noteIndex).toBeGreaterThanOrEqual(0);
    expect(noteIndex).toBeLessThan(options);
    for (let i = 0; i <= noteIndex; i += 1) await search.press('ArrowDown');
    await expect.poll(() => noteOption.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');

    await page.waitForURL(/\/voicenotes\/[0-9a-z]{26}\?t=/);
    const t = Number(new URL(page.url()).searchParams.get('t'));
    expect(t).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('audio').evaluate((element: HTMLAudioElement) => element.currentTime), {
        timeout: 10_000,
      })
      .toBeCloseTo(t, 1);
    const active = page.locator('[aria-current="true"]').filter({ hasText: new RegExp(`^${word!}`, 'i') });
    await active.waitFor({ timeout: 10_000 });
    expect(await page.locator('button[aria-current="true"]').count()).toBe(1);

    // Rename shows at once; the server's export carries the transcript.
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Shopping list');
    await page.getByRole('button', { name: 'Save title' }).click();
    await page.getByRole('heading', { name: 'Shopping list', level: 1 }).waitFor();
    const srtHref = await page.getByRole('link', { name: 'Download as SRT subtitles' }).getAttribute('href');
    const srt = await page.request.get(`${server.baseUrl}${srtHref!}`);
    expect(srt.status()).toBe(200);
    expect(await srt.text()).toMatch(/00:00:0\d,\d{3} --> /);

    // Re-transcribe: the note goes back to the queue and comes back done, with a version kept.
    await page.getByRole('button', { name: 'Re-transcribe' }).click();
    await page.getByText('Done', { exact: true }).first().waitFor({ timeout: 60_000 });
    await page.getByRole('region', { name: 'Version history' }).getByText('Transcribed').first().waitFor();

    // Delete waits 5 s for Undo; undoing keeps the note.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.waitForURL(/\/pad\/[0-9a-z]{26}$/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForURL(/\/voicenotes\/[0-9a-z]{26}/);
    await page.waitForTimeout(6000);
    await page.reload();
    await page.getByRole('heading', { name: 'Shopping list', level: 1 }).waitFor();

    // Other screens, for the record.
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Recent notes' }).waitFor();
    await shoot('home');
    await page.goto(`${server.baseUrl}/stats`);
    await page.getByRole('img', { name: /voice note/i }).waitFor();
    await shoot('stats');
    await page.goto(`${server.baseUrl}/player`);
    await page.getByRole('heading', { name: 'Keyboard shortcuts' }).waitFor();
    await shoot('player');
    await page.goto(`${server.baseUrl}/account/api-tokens`);
    await page.getByLabel('Token name').fill('Laptop script');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByLabel('New API token').waitFor();
    expect(await page.getByLabel('New API token').innerText()).toMatch(/^vxp_/);
    await shoot('profile');

    expect(consoleErrors).toEqual([]);
  });
});
