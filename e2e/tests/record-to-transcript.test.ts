import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../support/server.ts';
import type { Mailbox } from '../support/mailbox.ts';
import { createAndOpenPad } from '../support/pads.ts';
import { startRecordingSession, type RecordingSession } from '../support/recording-session.ts';
import { confirmFromMail, fillSignUpForm } from '../support/sign-up.ts';

const SENTENCE = 'please remember to buy milk and bread tomorrow morning';
const screenshotDir = path.resolve(import.meta.dirname, '../../.e2e');
const KEYWORDS = ['remember', 'milk', 'bread', 'tomorrow', 'morning'];

let server: RunningServer;
let session: RecordingSession;
let page: Page;
let audio: { file: string; seconds: number };
let mailbox: Mailbox;
let consoleErrors: string[];

beforeAll(async () => {
  await fs.mkdir(screenshotDir, { recursive: true });
  session = await startRecordingSession(SENTENCE);
  ({ server, page, audio, mailbox, consoleErrors } = session);
});

afterAll(async () => {
  await session?.close();
});

describe('from sign-up to transcript, in Chromium', () => {
  it('signs up, creates a pad, records with the microphone and reads the transcript', async () => {
    // A visitor is sent to the login page, remembering where they wanted to go.
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(/\/auth\/login\?redirect=/);

    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/\/auth\/signup/);
    // Exact labels: until the sign-up form has replaced the login form, a loose 'Email' or
    // 'Username' would also match the login form's 'Username or email' and type there.
    await fillSignUpForm(page, { email: 'e2e@example.org', username: 'e2e-user' });

    // Email verification is mandatory: the link in the mail confirms the address and logs in.
    await page.waitForURL(/\/auth\/verification-pending/);
    await page.getByRole('button', { name: 'Resend the link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /on its way|a moment ago/ })
      .waitFor();
    await confirmFromMail(page, server.baseUrl, mailbox, 'e2e@example.org');

    await createAndOpenPad(page, 'Shopping');

    await page.getByRole('main').getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    // Stop is always shown; Pause is enabled once the microphone is really recording.
    await expect
      .poll(() => page.getByRole('main').getByRole('button', { name: 'Pause' }).isEnabled(), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.waitForTimeout(Math.ceil(audio.seconds * 1000) + 500);
    await page.getByRole('button', { name: 'Stop' }).click();

    // The new note appears, is transcribed by the server, and its page shows the words.
    const note = page.getByRole('link', { name: /voice note/i }).first();
    await note.waitFor({ timeout: 30_000 });
    await page.getByText('Done', { exact: true }).first().waitFor({ timeout: 90_000 });
    await note.click();
    await page.waitForURL(/\/voicenotes\/[0-9a-z]{26}/);
    const transcript = page.getByRole('region', { name: 'Transcript', exact: true });
    await transcript.waitFor();
    const text = (await transcript.innerText()).toLowerCase();
    const heard = KEYWORDS.filter((word) => text.includes(word));
    console.log(
      `transcript heard ${heard.length}/${KEYWORDS.length} keywords: ${text.replace(/\s+/g, ' ').trim()}`,
    );
    await page.screenshot({ path: path.join(screenshotDir, 'voice-note.png'), fullPage: true });
    expect(heard.length, `transcript was: ${text}`).toBeGreaterThanOrEqual(3);
    expect(await page.locator('audio').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
});
