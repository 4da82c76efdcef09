import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { collectConsoleErrors } from './console-errors.ts';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.e2e');

/**
 * The visitors of one test file, each a browser context of its own (its own cookies). After each
 * test, `finish` keeps a screenshot of the first visitor's page in `.e2e/`, closes them all and
 * hands back the console errors they met, which the test expects to be none.
 */
export class Visitors {
  #contexts: BrowserContext[] = [];
  #consoleErrors: string[] = [];

  constructor(
    private readonly browser: () => Browser,
    private readonly screenshotPrefix: string,
  ) {}

  /** A new visitor: its own cookies, in a context made with `options` (e.g. a viewport). */
  async newPage(options: BrowserContextOptions = {}): Promise<Page> {
    const context = await this.browser().newContext(options);
    this.#contexts.push(context);
    const page = await context.newPage();
    collectConsoleErrors(page, this.#consoleErrors);
    return page;
  }

  async finish(testName: string): Promise<string[]> {
    const page = this.#contexts[0]?.pages()[0];
    if (page) {
      await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
      const name = `${this.screenshotPrefix}-${testName.slice(0, 40).replace(/\W+/g, '-')}.png`;
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
    }
    await Promise.all(this.#contexts.map((context) => context.close()));
    this.#contexts = [];
    const errors = this.#consoleErrors;
    this.#consoleErrors = [];
    return errors;
  }
}

/** Logs the page's visitor out from the account page of the site at `base`. */
export async function logOut(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/account`);
  await page
    .getByRole('button', { name: /log out/i })
    .first()
    .click();
  await page.waitForURL(/\/auth\/login/);
}
