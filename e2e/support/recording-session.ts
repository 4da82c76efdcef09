import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { Mailbox } from './mailbox.ts';
import { startBuiltServer, type RunningServer } from './server.ts';
import { speak } from './speech.ts';

export interface RecordingSession {
  server: RunningServer;
  mailbox: Mailbox;
  browser: Browser;
  page: Page;
  /** The spoken sentence Chromium's fake microphone plays. */
  audio: { file: string; seconds: number };
  /** Console errors and uncaught exceptions the page raised; a test expects none. */
  consoleErrors: string[];
  close: () => Promise<void>;
}

/**
 * The built server with a loopback SMTP mailbox, and Chromium whose microphone speaks
 * `sentence` (made by flite). Shared by the tests that record in the browser.
 */
export async function startRecordingSession(
  sentence: string,
  viewport?: { width: number; height: number },
): Promise<RecordingSession> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-e2e-audio-'));
  const audio = speak(sentence, workDir);
  const mailbox = await Mailbox.start();
  const server = await startBuiltServer({ SMTP_URL: mailbox.url });
  const browser = await launchChromium(audio.file);
  const page = await browser.newPage(viewport ? { viewport } : {});
  const consoleErrors: string[] = [];
  collectConsoleErrors(page, consoleErrors);
  return {
    server,
    mailbox,
    browser,
    page,
    audio,
    consoleErrors,
    close: async () => {
      await browser.close();
      await server.stop();
      await mailbox.close();
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}
