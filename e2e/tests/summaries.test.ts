import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FakeLlmServer } from '../../apps/server/test/support/fake-llm-server.ts';
import { toneWav } from '../../apps/server/test/support/wav.ts';
import { launchChromium, openWatchedPage } from '../support/browser.ts';
import { closeServer, listenOnLoopback } from '../support/loopback-http.ts';
import { createAndOpenPad } from '../support/pads.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/sign-up.ts';

/**
 * Summaries on the note page (ADR 0052): the built server summarises with a small
 * OpenAI-protocol server this test runs on loopback (it answers from the prompt; no model runs
 * here) and transcribes through the openai engine against a loopback stand-in that answers
 * timed segments at once. A person presses "Generate summary", reads the summary, presses an
 * action item, and the player moves to the second that item was said at.
 */

const LINES = [
  'Morning planning for the garden project',
  'The weather looks dry all week',
  'The tomatoes are doing fine this year',
  'Sam will call the supplier about the fence',
];
/** Where the stand-in says each line starts: the action item's moment is LINES[3]'s. */
const startOf = (i: number) => i * 2 + 0.5;

let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const llm = new FakeLlmServer();
const engine = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const segments = LINES.map((text, i) => ({
      id: i,
      seek: 0,
      start: startOf(i),
      end: startOf(i) + 1.8,
      text,
      tokens: [],
      temperature: 0,
      avg_logprob: 0,
      compression_ratio: 1,
      no_speech_prob: 0,
    }));
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(
        JSON.stringify({ task: 'transcribe', language: 'en', duration: 10, text: LINES.join(' '), segments }),
      );
  });
});

beforeAll(async () => {
  await llm.start();
  const engineOrigin = await listenOnLoopback(engine);
  server = await startBuiltServer({
    ACCOUNT_EMAIL_VERIFICATION: 'none',
    TRANSCRIBER: 'openai',
    OPENAI_BASE_URL: `${engineOrigin}/v1`,
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
  });
  browser = await launchChromium();
  ({ page } = await openWatchedPage(browser, consoleErrors, { viewport: { width: 1280, height: 900 } }));
  await signUp(page, server.baseUrl, { email: 'summaries@example.org', username: 'summaries' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm.close();
  await closeServer(engine);
});

describe('summaries on the note page', () => {
  it('generates a summary and follows an action item to its moment in the recording', async () => {
    const { id: padId } = await createAndOpenPad(page, 'Garden');

    // A ten-second recording, filed through the API with this browser's session.
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const uploaded = await page.request.post(`${server.baseUrl}/api/v1/pad/${padId}/voicenote/`, {
      headers: {
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="garden.wav"',
        'x-csrftoken': csrf,
      },
      data: toneWav(10),
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const note = (await uploaded.json()) as { id: string };
    await page.goto(`${server.baseUrl}/pad/${padId}/voicenotes/${note.id}`);

    const panel = page.getByRole('region', { name: 'Summary' });
    await expect
      .poll(() => panel.textContent(), { timeout: 30_000 })
      .toContain(`sends this note’s transcript to ${new URL(llm.baseUrl).host}`);
    const generate = panel.getByRole('button', { name: 'Generate summary' });
    await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
    await generate.click();

    await expect
      .poll(() => panel.textContent(), { timeout: 15_000 })
      .toContain('Summary: Morning planning for the garden project The weather');
    expect(llm.requests).toHaveLength(1);
    expect(await panel.textContent()).toContain(`Made by fake-model at ${new URL(llm.baseUrl).host}`);

    const item = panel
      .getByRole('list', { name: 'Action items' })
      .getByRole('button', { name: /Sam will call the supplier about the fence/ });
    expect(await item.textContent()).toContain('Jump to 0:07');
    await item.click();
    const position = () => page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);
    await expect.poll(position, { timeout: 5_000 }).toBeGreaterThanOrEqual(startOf(3) - 0.05);
    expect(await position()).toBeLessThan(startOf(3) + 2);

    await panel.getByRole('button', { name: 'Use this title' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Morning planning for the');
    expect(consoleErrors).toEqual([]);
  });
});
