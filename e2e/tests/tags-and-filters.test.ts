import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';

/**
 * Tags and filters (ADR 0045): a person tags two notes in different pads on their pages (the
 * second picks the tag the first made), filters a pad's notes by it, opens the search page with
 * that filter in its URL and sees both notes across pads, then renames the tag in the account
 * area. ROLE=api: no worker, so nothing is transcribed; notes come from the API, one page load
 * per step in one browser context.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const base = () => server.baseUrl;

/** A short silent WAV: enough to file a note. */
function silentWav(seconds = 0.3, rate = 16000): Buffer {
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  return wav;
}

/** The product API as the page's own session, CSRF token included. */
async function api<T>(method: 'POST' | 'PATCH', path: string, data: unknown, headers = {}): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const res = await page.request.fetch(`${base()}/api/v1/${path}`, {
    method,
    headers: { 'x-csrftoken': csrf, ...headers },
    ...(Buffer.isBuffer(data) ? { data } : { data: data as object }),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

async function noteIn(pad: Pad, title: string): Promise<VoiceNote> {
  const note = await api<VoiceNote>('POST', `pad/${pad.id}/voicenote/`, silentWav(), {
    'content-type': 'audio/wav',
    'content-disposition': 'attachment; filename="note.wav"',
  });
  return api<VoiceNote>('PATCH', `pad/${pad.id}/voicenote/${note.id}/`, { title });
}

let garden: Pad;
let kitchen: Pad;
let seeds: VoiceNote;
let soup: VoiceNote;

beforeAll(async () => {
  server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none', ROLE: 'api' });
  browser = await launchChromium();
  ({ page } = await openWatchedPage(browser, consoleErrors, { viewport: { width: 1280, height: 900 } }));
  await signUp(page, base(), { email: 'tags@example.org', username: 'tags' });

  garden = await api<Pad>('POST', 'pad/', { name: 'Garden' });
  kitchen = await api<Pad>('POST', 'pad/', { name: 'Kitchen' });
  seeds = await noteIn(garden, 'Seed order');
  soup = await noteIn(kitchen, 'Soup recipe');
  await noteIn(kitchen, 'Shopping');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tagsOfNote = () => page.getByRole('list', { name: 'Tags of this note' });

describe('tags and filters, in Chromium', () => {
  it('tags a note on its page with the keyboard', async () => {
    await page.goto(`${base()}/pad/${garden.id}/voicenotes/${seeds.id}`);
    await page.getByRole('heading', { name: 'Seed order', level: 1 }).waitFor();
    await page.getByText('No tags yet.').waitFor();
    const field = page.getByLabel('Add a tag');
    await field.fill('  Autumn ');
    await field.press('Enter');
    await tagsOfNote().getByRole('button', { name: 'Remove tag Autumn' }).waitFor();
    await field.fill('later');
    await field.press('Enter');
    await tagsOfNote().getByRole('button', { name: 'Remove tag later' }).waitFor();
    // Removed again with the keyboard.
    await tagsOfNote().getByRole('button', { name: 'Remove tag later' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tagsOfNote().getByRole('listitem').allTextContents()).toEqual(['#Autumn×']);
  });

  it('tags a note in another pad with the existing tag, whatever the case typed', async () => {
    await page.goto(`${base()}/pad/${kitchen.id}/voicenotes/${soup.id}`);
    await page.getByRole('heading', { name: 'Soup recipe', level: 1 }).waitFor();
    // Offered as a suggestion once the person's tags have loaded.
    await page.locator('datalist option[value="Autumn"]').waitFor({ state: 'attached' });
    const field = page.getByLabel('Add a tag');
    await field.fill('autumn');
    await field.press('Enter');
    await tagsOfNote().getByRole('button', { name: 'Remove tag Autumn' }).waitFor();
    // A second time is refused in words.
    await field.fill('AUTUMN');
    await field.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'This note is tagged “AUTUMN” already.' }).waitFor();
  });

  it('filters a pad’s notes by the tag, in the URL', async () => {
    await page.goto(`${base()}/pad/${kitchen.id}`);
    const list = page.getByRole('main').locator('[data-note-id]');
    await expect.poll(() => list.count()).toBe(2);
    await page
      .getByRole('search', { name: 'Filter voice notes' })
      .getByLabel('Tag', { exact: true })
      .selectOption('Autumn');
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toContain('Autumn');
    await expect.poll(() => list.allTextContents()).toEqual([expect.stringContaining('Soup recipe')]);
    expect(await list.first().textContent()).toContain('#Autumn');
    await page.getByRole('button', { name: 'Remove tag filter Autumn' }).waitFor();
  });

  it('opens a bookmarked search with the tag filter: both notes across pads; words narrow it', async () => {
    const tag = new URL(page.url()).searchParams.get('tag') ?? '';
    await page.goto(`${base()}/search?tag=${encodeURIComponent(tag)}`);
    await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
    const results = page.getByRole('main').locator('[data-note-id]');
    await expect.poll(async () => (await results.allTextContents()).length).toBe(2);
    const texts = (await results.allTextContents()).join('\n');
    expect(texts).toContain('Seed order');
    expect(texts).toContain('Soup recipe');
    expect(texts).not.toContain('Shopping');
    await page.getByLabel('Words').fill('soup');
    await expect.poll(() => results.allTextContents()).toEqual([expect.stringContaining('Soup recipe')]);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('soup');
  });

  it('renames the tag in the account area, and the notes carry the new name', async () => {
    await page.goto(`${base()}/account/tags`);
    const row = page.getByRole('listitem', { name: 'Tag Autumn' });
    await row.getByText('2 notes').waitFor();
    await row.getByRole('button', { name: 'Rename Autumn' }).click();
    await page.getByLabel('New name for Autumn').fill('Harvest');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('listitem', { name: 'Tag Harvest' }).getByText('2 notes').waitFor();
    const res = await page.request.get(`${base()}/api/v1/pad/${kitchen.id}/voicenote/${soup.id}/`);
    expect(((await res.json()) as VoiceNote).tags).toEqual(['Harvest']);
    expect(consoleErrors).toEqual([]);
  });
});
