import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectConsoleErrors, launchChromium } from '../support/browser.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';

/**
 * "Your words and voice" (issue 21, ADR 0036): a person adds a word the recogniser does not
 * know, sees the phones Voxpad made for it, types their own, and removes it. The recogniser
 * using the words is wired later.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

const base = () => server.baseUrl;
const words = () => page.getByRole('list', { name: 'Your words' });

beforeAll(async () => {
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  collectConsoleErrors(page, consoleErrors);
  await page.goto(`${base()}/auth/signup`);
  await page.getByLabel('Email', { exact: true }).fill('words@example.org');
  const username = page.getByLabel('Username', { exact: true });
  if ((await username.count()) > 0) await username.fill('words');
  await page.getByLabel('Password', { exact: true }).fill('a perfectly fine password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(`${base()}/`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('your words, in Chromium', () => {
  it('adds a custom word, lists it with its phones, edits them and removes it', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Your words and voice' })
      .click();
    await page.getByRole('heading', { name: 'Your words and voice', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'What Voxpad has learnt', level: 2 }).waitFor();
    await page.getByText('You have not added any words yet.').waitFor();

    // Empty: the form says what is missing, at the field.
    await page.getByRole('button', { name: 'Add word' }).click();
    await page.getByText('Type the word or phrase to add.').waitFor();

    await page.getByLabel('Word or phrase').fill('Varroa');
    await page.getByRole('button', { name: 'Add word' }).click();
    const row = words().getByRole('listitem').filter({ hasText: 'Varroa' }).first();
    await row.getByText('V AE R OW AH', { exact: true }).waitFor();
    await row.getByText('Guessed from the spelling').waitFor();
    await row.getByText('All your pads').waitFor();

    // The same word again is refused with the server's words.
    await page.getByLabel('Word or phrase').fill('varroa');
    await page.getByRole('button', { name: 'Add word' }).click();
    await page.getByText('"varroa" is in your words already. Edit that one instead.').waitFor();

    await page.getByRole('button', { name: 'Edit pronunciation of Varroa' }).click();
    const phones = page.getByLabel('Pronunciation of Varroa');
    expect(await phones.evaluate((input) => input === document.activeElement)).toBe(true);
    await phones.fill('V AA R OW QQ');
    await page.getByRole('button', { name: 'Save pronunciation' }).click();
    await page.getByText('"QQ" is not a sound the recogniser knows.', { exact: false }).waitFor();
    await phones.fill('v aa1 r ow ah');
    await page.getByRole('button', { name: 'Save pronunciation' }).click();
    await row.getByText('V AA R OW AH', { exact: true }).waitFor();
    await row.getByText('Typed by you').waitFor();

    await page.getByRole('button', { name: 'Remove Varroa' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Varroa?' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('You have not added any words yet.').waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
