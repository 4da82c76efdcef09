import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';

/**
 * Bulk actions (issue 22, ADR 0046): on a pad's page a person ticks one note, shift-clicks a
 * third to take the range, hears the count, and moves the three to another pad in one go; the
 * pad's list empties and its totals follow without a reload. Then two of them are tagged from
 * the bar, and the tag filter shows those two. The pads and notes are made
 * through the API (the sign-up page and two pad pages are the only loads); no transcription
 * runs (ROLE=api), the notes are a fifth of a second of tone.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let workDir: string;
let tone: Buffer;
/** The pad the first test moves its notes to; the second tags them there. */
let gardenId = '';
const consoleErrors: string[] = [];

const base = () => server.baseUrl;
const rows = () => page.locator('li[data-note-id]');

/** A call of the product API in the page's session, with its CSRF token. */
async function api<T>(method: 'GET' | 'POST', pathname: string, data?: Buffer | object, headers = {}) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const res = await page.request.fetch(`${base()}${pathname}`, {
    method,
    headers: { 'x-csrftoken': csrf, ...headers },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${pathname}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const createPad = (name: string) => api<Pad>('POST', '/api/v1/pad/', { name });
const uploadNote = (padId: string, name: string) =>
  api<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, tone, {
    'content-type': 'audio/wav',
    'content-disposition': `attachment; filename="${name}.wav"`,
  });

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-bulk-'));
  const file = path.join(workDir, 'tone.wav');
  execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file, 'synth', '0.2', 'sine', '440']);
  tone = await fs.readFile(file);

  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none', ROLE: 'api' });
  browser = await launchChromium();
  ({ page } = await openWatchedPage(browser, consoleErrors, { viewport: { width: 1280, height: 900 } }));
  await signUp(page, base(), { email: 'bulk@example.org', username: 'bulk' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('bulk actions, in Chromium', () => {
  it('moves three notes to another pad: a click, a shift-click, and one Move', async () => {
    const inbox = await createPad('Inbox');
    const garden = await createPad('Garden');
    // Uploaded one after another, so the list (newest first) shows them as Third, Second, First.
    const uploaded = [];
    for (const name of ['First', 'Second', 'Third']) uploaded.push(await uploadNote(inbox.id, name));

    await page.goto(`${base()}/pad/${inbox.id}`);
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(3);
    const status = page.getByRole('region', { name: 'Selected voice notes' }).getByRole('status');
    expect(await status.innerText()).toBe('No voice notes selected');

    await rows().nth(0).getByRole('checkbox').click();
    await expect.poll(() => status.innerText()).toBe('1 voice note selected');
    await rows()
      .nth(2)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => status.innerText()).toBe('3 voice notes selected');
    expect(await rows().nth(1).getByRole('checkbox').isChecked()).toBe(true);

    await page.getByLabel('Move to pad').selectOption({ label: 'Garden' });
    await page.getByRole('button', { name: 'Move 3 voice notes' }).click();
    await page.getByText('Moved 3 voice notes to “Garden”.').waitFor();
    await expect.poll(() => rows().count(), { timeout: 5_000 }).toBe(0);
    await expect
      .poll(
        () =>
          page
            .getByRole('main')
            .getByText(/^\d+ voice notes? · /)
            .first()
            .innerText(),
        { timeout: 5_000 },
      )
      .toMatch(/^0 voice notes · /);

    const moved = await api<{ results: VoiceNote[] }>('GET', `/api/v1/pad/${garden.id}/voicenote/`);
    expect(moved.results.map((note) => note.id).sort()).toEqual(uploaded.map((note) => note.id).sort());
    expect((await api<Pad>('GET', `/api/v1/pad/${garden.id}/`)).voice_note_count).toBe(3);
    expect(consoleErrors).toEqual([]);
    gardenId = garden.id;
  });

  it('tags two of them from the bar, and the tag filter then shows those two', async () => {
    await page.goto(`${base()}/pad/${gardenId}`);
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(3);
    await rows().nth(0).getByRole('checkbox').click();
    await rows().nth(1).getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Tag…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Tag 2 voice notes' });
    await dialog.getByLabel('Tag to add').fill('work');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await page.getByText('Tagged 2 voice notes with “work”.').waitFor();

    await page.getByLabel('Tag', { exact: true }).selectOption('work');
    await expect.poll(() => rows().count(), { timeout: 5_000 }).toBe(2);
    expect(consoleErrors).toEqual([]);
  });
});
