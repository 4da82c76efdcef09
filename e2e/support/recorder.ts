import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * On an open pad's page: presses Record and waits (up to 20 s) until the microphone is really
 * recording. Stop is always on screen; Pause is enabled once the recording runs.
 */
export async function startRecording(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Record', exact: true }).click();
  await expect
    .poll(() => main.getByRole('button', { name: 'Pause' }).isEnabled(), { timeout: 20_000 })
    .toBe(true);
}
