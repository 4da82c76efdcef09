import { chromium, type Browser } from 'playwright-core';

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
