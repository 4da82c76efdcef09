import type { Page } from 'playwright-core';

export interface OpenedPad {
  /** The pad's id, as in its address. */
  id: string;
  /** The pad's page, e.g. http://127.0.0.1:1234/pad/<id>. */
  url: string;
  /** The pad's API address, e.g. http://127.0.0.1:1234/api/v1/pad/<id> (no trailing slash). */
  apiUrl: string;
}

/**
 * Creates a pad named `name` from the home page (with a colour and an icon when given), opens it
 * from its link, and waits for its page and heading.
 */
export async function createAndOpenPad(
  page: Page,
  name: string,
  options: { colour?: string; icon?: string } = {},
): Promise<OpenedPad> {
  await page.getByLabel('Pad name').fill(name);
  if (options.colour) await page.getByRole('radio', { name: options.colour }).check();
  if (options.icon) await page.getByRole('radio', { name: options.icon }).check();
  await page.getByRole('button', { name: 'New pad' }).click();
  await page.getByRole('link', { name }).click();
  await page.waitForURL(/\/pad\/[0-9a-z]{26}$/);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  const url = page.url();
  return { id: url.split('/').at(-1) ?? '', url, apiUrl: url.replace('/pad/', '/api/v1/pad/') };
}
