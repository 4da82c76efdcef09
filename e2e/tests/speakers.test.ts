import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { twoVoiceRecording } from '../../apps/server/test/support/two-voices.ts';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { createAndOpenPad } from '../support/pads.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';
import { uploadAndWaitForNote } from '../support/uploads.ts';

/**
 * Issue 23 (ADR 0053): a two-voice recording (flite kal and slt taking turns) uploaded from the
 * pad page is told apart on its own ("auto"); renaming "Speaker 1" to "Ana" from its label in
 * the transcript shows the new name in the transcript, in the player (who is speaking) and in
 * the WebVTT export. On the same note: a speaker split from a turn and merged back, and the
 * search page finding a highlight by its label.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let workDir: string;
let noteUrl: string;
const consoleErrors: string[] = [];
const base = () => server.baseUrl;
const apiUrl = () => noteUrl.replace('/pad/', '/api/v1/pad/').replace('/voicenotes/', '/voicenote/');

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-speakers-'));
  const recording = twoVoiceRecording(workDir).file;

  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  browser = await launchChromium();
  ({ page } = await openWatchedPage(browser, consoleErrors, { viewport: { width: 1280, height: 900 } }));

  await signUp(page, base(), { email: 'speakers@example.org', username: 'speakers' });
  await createAndOpenPad(page, 'Garden');
  noteUrl = await uploadAndWaitForNote(page, base(), recording);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('speakers, in Chromium', () => {
  it('renames a speaker and shows the name in the transcript, the player and the VTT export', async () => {
    const res = await page.request.get(`${apiUrl()}/`);
    const note = (await res.json()) as VoiceNote;
    expect(note.speakers).toEqual([
      { id: 'S1', name: 'Speaker 1' },
      { id: 'S2', name: 'Speaker 2' },
    ]);

    await page.goto(noteUrl);
    await page.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    const transcript = page.getByRole('region', { name: 'Transcript', exact: true });
    // A label at each turn: kal, slt, kal, slt.
    await expect
      .poll(() => transcript.locator('[data-speaker]').allInnerTexts())
      .toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 2']);
    const player = page.getByTestId('current-speaker');
    await expect.poll(() => player.innerText()).toContain('Speaker 1');

    await transcript
      .getByRole('button', { name: 'Speaker 1 (speaker: rename, split, merge)' })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Speaker 1' }).getByRole('button', { name: 'Rename…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename speaker' });
    await dialog.getByLabel('Name').fill('Ana');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect
      .poll(() => transcript.locator('[data-speaker]').allInnerTexts())
      .toEqual(['Ana', 'Speaker 2', 'Ana', 'Speaker 2']);
    await expect.poll(() => player.innerText()).toContain('Ana');

    const vtt = await (await page.request.get(`${apiUrl()}/transcript.vtt`)).text();
    expect(vtt).toMatch(/^WEBVTT/);
    expect(vtt).toMatch(/\n<v Ana>\S/);
    expect(vtt).toContain('<v Speaker 2>');
    expect(consoleErrors).toEqual([]);
  });

  it('splits a new speaker from a turn and merges it back', async () => {
    const transcript = page.getByRole('region', { name: 'Transcript', exact: true });
    const labels = () => transcript.locator('[data-speaker]').allInnerTexts();
    await transcript.getByRole('button', { name: 'Ana (speaker: rename, split, merge)' }).nth(1).click();
    const actions = page.getByRole('dialog', { name: 'Ana' });
    await actions.getByRole('button', { name: 'Split from here' }).click();
    await actions.waitFor({ state: 'hidden' });
    await expect.poll(labels).toEqual(['Ana', 'Speaker 2', 'Speaker 3', 'Speaker 2']);

    await transcript.getByRole('button', { name: 'Speaker 3 (speaker: rename, split, merge)' }).click();
    const merge = page.getByRole('dialog', { name: 'Speaker 3' });
    await merge.getByLabel('Merge Speaker 3 into').selectOption({ label: 'Ana' });
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await merge.waitFor({ state: 'hidden' });
    await expect.poll(labels).toEqual(['Ana', 'Speaker 2', 'Ana', 'Speaker 2']);
    expect(consoleErrors).toEqual([]);
  });

  it('lists a highlight found by its label on the search page, opening the note at its time', async () => {
    await page.getByRole('button', { name: 'Add highlight at the current time' }).click();
    const form = page.getByRole('dialog', { name: 'New highlight' });
    await form.getByLabel('Label').fill('Budget decision');
    await form.getByRole('button', { name: 'Add highlight' }).click();
    await form.waitFor({ state: 'hidden' });

    await page.goto(`${base()}/search?q=budget`);
    const found = page.getByRole('list', { name: 'Highlights found' });
    await found.getByRole('link', { name: /Budget decision/ }).click();
    await page.waitForURL(/\/voicenotes\/[^?]+\?t=/);
    expect(consoleErrors).toEqual([]);
  });
});
