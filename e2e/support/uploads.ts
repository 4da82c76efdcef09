import type { Page } from 'playwright-core';

/**
 * On an open pad's page: uploads `file` with "Upload a file…", waits (up to two minutes) until a
 * note there is transcribed ("Done"), and answers the address of the newest note's page.
 */
export async function uploadAndWaitForNote(page: Page, base: string, file: string): Promise<string> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a file…' }).click();
  await (await chooser).setFiles(file);
  await page.getByText('Done', { exact: true }).first().waitFor({ timeout: 120_000 });
  const href = await page.locator('li[data-note-id] a').first().getAttribute('href');
  return `${base}${href!}`;
}
