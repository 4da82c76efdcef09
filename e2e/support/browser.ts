import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { collectConsoleErrors } from './console-errors.ts';

/**
 * Debian's chromium-headless-shell: the same Chromium built without the browser's window and UI,
 * which rendered the same pages for 28 % less CPU than `chromium --headless` (ADR 0025, session
 * 20). CHROMIUM_PATH=/usr/bin/chromium runs the full browser instead.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Debian's Chromium, headless, with the fake microphone playing `audioFile` (a WAV) when
 * given. Background networking is off: this machine has no internet to talk to. `extraArgs`
 * add switches, e.g. a proxy.
 *
 * Its contexts block the service worker unless `serviceWorkers: 'allow'` is asked for (the
 * files that test the offline app and the outbox do): installing it precaches the whole app,
 * about 1.5-2 CPU seconds of Chromium for every new context, which every other file's visitors
 * would pay on every test (ADR 0025, session 18). A context's own `serviceWorkers` option wins.
 */
export async function launchChromium(
  audioFile?: string,
  extraArgs: string[] = [],
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      ...(audioFile ? [`--use-file-for-fake-audio-capture=${audioFile}`] : []),
      ...extraArgs,
    ],
  });
  const serviceWorkers = options.serviceWorkers ?? 'block';
  const newContext = browser.newContext.bind(browser);
  // browser.newPage() makes its context through newContext too.
  browser.newContext = async (contextOptions?: BrowserContextOptions) => {
    const context = await newContext({ serviceWorkers, ...contextOptions });
    context.setDefaultTimeout(WAIT_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(WAIT_TIMEOUT_MS);
    return context;
  };
  return browser;
}

/**
 * How long an action, a locator or a navigation waits by default (Playwright's own is 30 s).
 * These waits are for the app to do something, never a measure of its speed; beside the
 * Vitest run on two cores the load average reaches 8-13, and one request or page render then
 * took over 30 s in CI (ADR 0025, session 19). E2E_WAIT_TIMEOUT_MS sets another.
 */
const WAIT_TIMEOUT_MS = Number(process.env.E2E_WAIT_TIMEOUT_MS ?? 60_000);

/**
 * A new browser context made with `options` (its own cookies) and its page, whose console errors
 * and uncaught exceptions go to `consoleErrors` (see collectConsoleErrors).
 */
export async function openWatchedPage(
  browser: Browser,
  consoleErrors: string[],
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  collectConsoleErrors(page, consoleErrors);
  return { context, page };
}

/**
 * A platform authenticator with user verification, as a phone or laptop has, for this page:
 * the DevTools protocol's WebAuthn domain answers the page's passkey requests by itself.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
