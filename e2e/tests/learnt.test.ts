import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';

/**
 * "What Voxpad has learnt" (issue 21, ADR 0041): a new person has nothing learnt; Rebuild now with
 * one vocabulary word builds a language model (waiting / learning, then ready) through the real
 * builder; Forget asks in a dialog and resets the state.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

const base = () => server.baseUrl;
const learnt = () => page.getByRole('region', { name: 'What Voxpad has learnt' });

beforeAll(async () => {
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  browser = await launchChromium();
  ({ page } = await openWatchedPage(browser, consoleErrors, { viewport: { width: 1280, height: 900 } }));
  await signUp(page, base(), { email: 'learnt@example.org', username: 'learnt' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('what Voxpad has learnt, in Chromium', () => {
  it(
    'starts with nothing learnt, rebuilds from one word to ready, and forgets after asking',
    { timeout: 300_000 },
    async () => {
      await page.goto(`${base()}/words`);
      await page.getByRole('heading', { name: 'What Voxpad has learnt', level: 2 }).waitFor();
      await learnt()
        .getByText(/Nothing learnt yet/)
        .waitFor();

      await page.getByLabel('Word or phrase').fill('Varroa');
      await page.getByRole('button', { name: 'Add word' }).click();
      await page.getByRole('list', { name: 'Your words' }).getByText('Varroa').waitFor();

      await learnt().getByRole('button', { name: 'Rebuild now' }).click();
      // Waiting or learning, with a progress bar and Rebuild off; then ready (polled every 2 s).
      await learnt()
        .getByText(/Waiting to learn from your notes|Learning from your notes/)
        .waitFor();
      expect(await learnt().getByRole('progressbar').count()).toBe(1);
      // A build is seconds of CPU for the language model mix; at a load of 10-14 it took over 60 s.
      await learnt().getByText('Voxpad uses what it has learnt when it transcribes your notes.').waitFor({
        timeout: 150_000,
      });
      expect(await learnt().getByRole('progressbar').count()).toBe(0);
      const figures = await learnt().locator('dl').innerText();
      expect(figures).toMatch(/Vocabulary words\s+1/);
      expect(figures).toMatch(/Language model\s+Built/);
      expect(figures).toMatch(/Voice model\s+Not built yet/);
      expect(await learnt().getByRole('button', { name: 'Rebuild now' }).isEnabled()).toBe(true);

      await learnt().getByRole('button', { name: 'Forget everything learnt' }).click();
      const dialog = page.getByRole('dialog', { name: 'Forget everything learnt?' });
      await dialog.getByText(/Your notes, their transcripts and your vocabulary stay/).waitFor();
      // The safe choice has the focus.
      expect(
        await dialog.getByRole('button', { name: 'Keep it' }).evaluate((b) => b === document.activeElement),
      ).toBe(true);
      await dialog.getByRole('button', { name: 'Forget everything' }).click();
      await learnt()
        .getByText(/Nothing learnt yet/)
        .waitFor();
      expect(await dialog.isVisible()).toBe(false);
      const state = await page.evaluate(async () => (await fetch('/api/v1/adaptation/')).json());
      expect(state).toMatchObject({ status: 'none', vocabulary_words: 0 });
      expect(consoleErrors).toEqual([]);
    },
  );
});
