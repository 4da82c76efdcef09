import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the fake microphone playing `audioFile` (a WAV) when
 * given. Background networking is off: this machine has no internet to talk to. `extraArgs`
 * add switches, e.g. a proxy.
 */
export function launchChromium(audioFile?: string, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
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
}

/**
 * Collects the page's console errors and uncaught exceptions into `errors`. Chromium logs every
 * non-2xx fetch (a 401 naming the next step, a 400 for a wrong code) as "Failed to load
 * resource"; those are expected answers, not application errors, and are left out.
 */
export function collectConsoleErrors(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(String(error)));
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
