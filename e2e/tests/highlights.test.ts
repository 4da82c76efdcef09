/**
 * Highlights in Chromium (ADR 0054): marking a moment with the H key while recording with the
 * fake microphone, then jumping to it from the note's "Highlights" list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HighlightList } from '@voxpad/shared/highlights';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Page } from 'playwright-core';
import type { Mailbox } from '../support/mailbox.ts';
import type { RunningServer } from '../support/server.ts';
import { createAndOpenPad } from '../support/pads.ts';
import { startRecordingSession, type RecordingSession } from '../support/recording-session.ts';
import { signUpAndConfirm } from '../support/sign-up.ts';

const SENTENCE = 'here is the part worth keeping';

let server: RunningServer;
let session: RecordingSession;
let page: Page;
let audio: { file: string; seconds: number };
let mailbox: Mailbox;
let consoleErrors: string[];

beforeAll(async () => {
  session = await startRecordingSession(SENTENCE, { width: 1280, height: 900 });
  ({ server, page, audio, mailbox, consoleErrors } = session);
});

afterAll(async () => {
  await session?.close();
});

describe('highlights, in Chromium', () => {
  it('marks a moment with H while recording, and the note’s jump list plays from there', async () => {
    const who = { email: 'marks@example.org', username: 'marks-user' };
    await signUpAndConfirm(page, server.baseUrl, mailbox, who);
    const padApi = (await createAndOpenPad(page, 'Marks')).apiUrl;

    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Record', exact: true }).click();
    const markButton = main.getByRole('button', { name: 'Mark highlight (H)' });
    await expect.poll(() => markButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await markButton.getAttribute('aria-keyshortcuts')).toBe('H');
    await page
      .getByRole('timer')
      .filter({ hasText: /0:0[2-9]/ })
      .waitFor();
    // The key, pressed with focus on the page (not in a field), marks this moment.
    await page.locator('body').press('h');
    const markedText = main.getByText(/^1 highlight marked: 0:0[2-9]$/);
    await markedText.waitFor();
    const shownAt = /0:0\d$/.exec((await markedText.textContent()) ?? '')![0];
    await page.waitForTimeout(Math.max(1000, Math.ceil(audio.seconds * 1000) - 1500));
    await page.getByRole('button', { name: 'Stop' }).click();

    const note = page.getByRole('link', { name: /voice note/i }).first();
    await note.waitFor({ timeout: 30_000 });
    await page.getByText('Done', { exact: true }).first().waitFor({ timeout: 90_000 });
    await note.click();
    await page.waitForURL(/\/voicenotes\/[0-9a-z]{26}/);
    const noteId = /\/voicenotes\/([0-9a-z]{26})/.exec(page.url())![1]!;

    // The mark was filed as the note's highlight, about two seconds in.
    const highlights = async () =>
      ((await (await page.request.get(`${padApi}/voicenote/${noteId}/highlights/`)).json()) as HighlightList)
        .results;
    await expect.poll(async () => (await highlights()).length, { timeout: 15_000 }).toBe(1);
    const [marked] = await highlights();
    expect(marked).toMatchObject({ label: 'Highlight 1', end: null });
    // Marked when the recording's clock read 0:02 or later. Every clock on screen rounds to the
    // nearest second (lib/format-duration.ts), so "0:02" is 1.5 s or more: CI once filed 1.6 s
    // after the page had said "0:02", which is the same moment. The server keeps a mark within
    // the note, and the note is the audio its live stream received.
    const { duration_seconds: duration } = (await (
      await page.request.get(`${padApi}/voicenote/${noteId}/`)
    ).json()) as VoiceNote;
    expect(duration).not.toBeNull();
    expect(marked!.start).toBeGreaterThanOrEqual(Math.min(1.5, duration!));
    expect(marked!.start).toBeLessThanOrEqual(duration!);
    expect(marked!.start).toBeLessThan(audio.seconds + 3);

    const list = page.getByRole('list', { name: 'Highlights' });
    // The note's page names the moment as the recorder did when it was marked.
    const jump = list.getByRole('button', { name: `Jump to ${shownAt}: Highlight 1`, exact: true });
    await jump.waitFor({ timeout: 15_000 });
    await page.getByRole('slider', { name: 'Position in the recording' }).waitFor();
    await jump.click();
    await expect
      .poll(() => page.locator('audio').evaluate((element: HTMLAudioElement) => element.currentTime), {
        timeout: 10_000,
      })
      .toBeCloseTo(marked!.start, 0);

    expect(consoleErrors).toEqual([]);
  });
});
