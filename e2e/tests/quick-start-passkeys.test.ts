import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addVirtualAuthenticator, launchChromium } from '../support/browser.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { logOut, Visitors } from '../support/visitors.ts';

/**
 * The quick start as a newcomer meets it, in Chromium: a server configured as `npm start`
 * configures one (production, listening on 127.0.0.1, the site named http://localhost:PORT,
 * no mail server), so the confirmation link is read from the server's console. At localhost a
 * passkey is made and signs in (the DevTools protocol's virtual authenticator); the same server
 * opened at 127.0.0.1, where browsers refuse passkeys, offers none and says where they work.
 */
const PASSWORD = 'a perfectly fine password';

let server: RunningServer;
let browser: Browser;
const visitors = new Visitors(() => browser, 'quick-start');
let site = '';
let loopbackIp = '';

beforeAll(async () => {
  // No SMTP_URL, as with `npm start`; info logs, where the links of unsent mails are printed.
  server = await startBuiltServer({ SMTP_URL: '', LOG_LEVEL: 'info' }, { publicHost: 'localhost' });
  site = server.baseUrl;
  loopbackIp = site.replace('//localhost:', '//127.0.0.1:');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async (test) => {
  expect(await visitors.finish(test.task.name)).toEqual([]);
});

/** The confirmation link for `email` as the server printed it in its console (no SMTP_URL). */
async function linkFromConsole(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes('No SMTP_URL set') && text.includes(email));
    const link = line && /(http:\/\/[^\s"]+\/auth\/verify\/[^\s"]+)/.exec(line)?.[1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no confirmation link for ${email} in:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('passkeys at the quick-start address, http://localhost:PORT', () => {
  it('signs up with a passkey, confirmed from the link in the console, and signs in with it', async () => {
    const page = await visitors.newPage();
    await addVirtualAuthenticator(page);
    const email = `quick${Date.now().toString(36)}@example.org`;

    await page.goto(`${site}/auth/signup`);
    await page.getByRole('link', { name: 'Sign up with a passkey instead' }).click();
    // The sign-up page has an Email field too: filling before the passkey page is shown fills
    // the field being left, and Continue then sends an empty address.
    await page.getByRole('heading', { name: 'Sign up with a passkey' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`We sent a confirmation link to ${email}.`).waitFor();

    const link = await linkFromConsole(email);
    expect(link.startsWith(`${site}/auth/verify/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/auth\/passkey-signup/);
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.waitForURL(`${site}/`);

    // The button, with the login screen's passkey autofill cut off (or it would answer first).
    let optionsRequests = 0;
    await page.route('**/_headless/browser/v1/auth/webauthn/login', (route) =>
      route.request().method() === 'GET' && optionsRequests++ === 0 ? route.abort() : route.continue(),
    );
    await logOut(page, site);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${site}/`);
    expect(optionsRequests).toBe(2);
  });
});

describe('the same server at http://127.0.0.1:PORT', () => {
  it('offers no passkey there and links to the address where they work', async () => {
    const page = await visitors.newPage();
    await addVirtualAuthenticator(page);
    await page.goto(`${loopbackIp}/auth/login`);
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Use a passkey' }).count()).toBe(0);
    await page.getByText(`Passkeys work at ${site}, this site’s own address`).waitFor();
    const there = page.getByRole('link', { name: `Open Voxpad at ${site}` });
    expect(await there.getAttribute('href')).toBe(`${site}/auth/login`);

    await page.goto(`${loopbackIp}/auth/signup`);
    await page.getByRole('button', { name: 'Sign up' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign up with a passkey instead' }).count()).toBe(0);
    await page.getByText(`Passkeys work at ${site}`).waitFor();

    await page.goto(`${loopbackIp}/auth/passkey-signup`);
    await page.getByText(`Passkeys work at ${site}`).waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
  });

  it('signs a newcomer up without a username; the link in the console confirms the account', async () => {
    const page = await visitors.newPage();
    const email = `newcomer${Date.now().toString(36)}@example.org`;
    await page.goto(`${loopbackIp}/auth/signup`);
    await page.getByLabel('Email').fill(email);
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('');
    await page.getByText('(optional)').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/\/auth\/verification-pending/);
    await page.goto(await linkFromConsole(email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/auth\/login|\/$/);
    // The account page (at the site's own address, where the link led) shows the new account.
    if (page.url().includes('/auth/login')) {
      await page.getByLabel('Username or email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL(`${site}/`);
    }
    await page.goto(`${site}/account`);
    await page.getByRole('definition').filter({ hasText: email }).waitFor();
  });
});
