import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Pad } from '@voxpad/shared/pads';
import type { ShareList } from '@voxpad/shared/shares';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { createDatabase, type Db } from '../../apps/server/src/db/database.ts';
import { completeTranscription } from '../../apps/server/test/support/transcripts.ts';
import { toneWav } from '../../apps/server/test/support/wav.ts';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { collectConsoleErrors } from '../support/console-errors.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';

/**
 * Share links (ADR 0044): the owner shares a note from its page and copies the link; someone
 * with no account opens it in a fresh browser context, sees the transcript and plays the audio.
 * The server runs without a worker and the note's transcript is stored through the real queue:
 * nothing is transcribed.
 */
const TRANSCRIPT = 'the queen was laying well and the brood looked healthy today';

let server: RunningServer;
let browser: Browser;
let owner: Page;
let db: Db;
const consoleErrors: string[] = [];

const base = () => server.baseUrl;

/** The product API as the logged-in page calls it, with its CSRF token. */
async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: { json?: unknown; wav?: Buffer },
): Promise<T> {
  const csrf = (await owner.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const res = await owner.request.fetch(`${base()}${path}`, {
    method,
    headers: {
      'x-csrftoken': csrf,
      ...(body?.wav
        ? { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="hive.wav"' }
        : {}),
    },
    ...(body?.json !== undefined ? { data: body.json } : body?.wav ? { data: body.wav } : {}),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

beforeAll(async () => {
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none', ROLE: 'api' });
  db = createDatabase({ kind: 'sqlite', file: `${server.dataDir}/voxpad.sqlite` });
  browser = await launchChromium();
  ({ page: owner } = await openWatchedPage(browser, consoleErrors, {
    viewport: { width: 1280, height: 900 },
  }));
  await signUp(owner, base(), { email: 'sharer@example.org', username: 'sharer' });
});

afterAll(async () => {
  await browser?.close();
  await db?.destroy();
  await server?.stop();
});

describe('share links, in Chromium', () => {
  it('shares a note and plays it in a browser with no session', async () => {
    const pad = await api<Pad>('POST', '/api/v1/pad/', { json: { name: 'Apiary' } });
    const filed = await api<VoiceNote>('POST', `/api/v1/pad/${pad.id}/voicenote/`, { wav: toneWav(4) });
    await completeTranscription(db, filed.id, TRANSCRIPT, { secondsPerWord: 0.3 });
    // Titled from its transcript now.
    const note = await api<VoiceNote>('GET', `/api/v1/pad/${pad.id}/voicenote/${filed.id}/`);

    await owner.goto(`${base()}/pad/${pad.id}/voicenotes/${note.id}`);
    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByText('Nothing shared yet.').waitFor();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.locator('input[readonly]').inputValue();
    expect(link).toMatch(new RegExp(`^${base()}/s/[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await dialog
      .getByRole('list', { name: 'Share links' })
      .getByText(/Whole note · 0 views/)
      .waitFor();

    const visitorContext = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    expect(await visitorContext.cookies()).toEqual([]);
    const visitor = await visitorContext.newPage();
    collectConsoleErrors(visitor, consoleErrors);
    await visitor.goto(link);
    const main = visitor.getByRole('main');
    await main.getByRole('heading', { level: 1, name: note.title }).waitFor();
    await main
      .getByText(/brood looked healthy/i)
      .first()
      .waitFor();
    expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await expect.poll(() => main.getByRole('link', { name: /Download/ }).count()).toBe(0);

    await main.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => visitor.locator('audio').evaluate((element: HTMLAudioElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.5);

    const listed = await api<ShareList>('GET', `/api/v1/shares/?note_id=${note.id}`);
    expect(listed.results[0]?.view_count).toBe(1);
    await visitorContext.close();
    expect(consoleErrors).toEqual([]);
  });
});
