import fs from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addVirtualAuthenticator, launchChromium } from '../support/browser.ts';
import { Mailbox, linkIn, MAIL_WAIT_MS } from '../support/mailbox.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { PASSWORD, person, signUpAndConfirm } from '../support/sign-up.ts';
import { logOut, Visitors } from '../support/visitors.ts';

/**
 * Two-factor authentication and passkeys in Chromium against the built app: passkey sign-up
 * and passkey login (autofill and button) through a virtual authenticator (the DevTools
 * protocol's WebAuthn domain), an authenticator app set up from the key on screen and then asked for at login,
 * "trust this browser" skipping that step next time, and a recovery code instead of the app;
 * a passkey as the second step after a password and in the "Confirm it’s you" dialog; a
 * passkey signup whose mailed link is opened in the browser it started in.
 * The site is opened at http://localhost:<port>: browsers refuse passkeys for IP addresses.
 */
const TOTP_PERIOD_SECONDS = 30;

let mailbox: Mailbox;
let server: RunningServer;
let browser: Browser;
const visitors = new Visitors(() => browser, 'account-mfa');

beforeAll(async () => {
  mailbox = await Mailbox.start();
  // No recording is made here: API-only servers start without the speech engine's threads.
  server = await startBuiltServer({ SMTP_URL: mailbox.url, ROLE: 'api' }, { publicHost: 'localhost' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

afterEach(async (test) => {
  expect(await visitors.finish(test.task.name)).toEqual([]);
});

/** Opens the mailed confirmation link where the mail is read: another browser. */
async function confirmFromMail(email: string) {
  const mail = await mailbox.waitFor(email, { subject: /confirm/i, timeoutMs: MAIL_WAIT_MS });
  const elsewhere = await visitors.newPage();
  await elsewhere.goto(linkIn(mail.text, '/auth/verify/'));
  await elsewhere.getByRole('button', { name: 'Confirm' }).click();
  await elsewhere.waitForURL(/\/auth\/login|\/$/);
}

async function logInWithPassword(page: Page, email: string, base = server.baseUrl) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Username or email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * At the second step of a login: its page is on screen, not only in the address bar (the router
 * changes the URL before the new page replaces the login form, whose "Use a passkey" button would
 * start a passkey login instead).
 */
async function atSecondStep(page: Page) {
  await page.waitForURL(/\/auth\/two-factor/);
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
}

async function openAccountSection(page: Page, section: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: section }).click();
}

/**
 * A code for `secret` from a time step the server has not seen yet (each step's code works once).
 * The server allows one step of clock drift either way, so when the current step is used (or
 * nearly over) the next step's code is taken, as an app on a clock a little ahead would show,
 * instead of waiting up to 30 s for the step to turn.
 */
async function freshCode(secret: string, afterStep = -1): Promise<{ code: string; step: number }> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_SECONDS });
  const code = (step: number) => ({
    code: totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 }),
    step,
  });
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
    // Not in the last two seconds of a step, so the code is still good when it arrives.
    const left = (step + 1) * TOTP_PERIOD_SECONDS * 1000 - now;
    if (step > afterStep && left > 2_000) return code(step);
    if (step + 1 > afterStep) return code(step + 1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(left + 50, 5_000)));
  }
}

describe('passkeys, in Chromium with a virtual authenticator', () => {
  it('signs up with a passkey only, then logs in with it', async () => {
    const page = await visitors.newPage();
    await addVirtualAuthenticator(page);
    const who = person('passkey');

    await page.goto(`${server.baseUrl}/auth/signup`);
    await page.getByRole('link', { name: 'Sign up with a passkey instead' }).click();
    await page.getByRole('heading', { name: 'Sign up with a passkey' }).waitFor();
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`We sent a confirmation link to ${who.email}.`).waitFor();
    // Not confirmed yet: the passkey waits, and says why.
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByText('Your address is not confirmed yet.', { exact: false }).waitFor();

    await confirmFromMail(who.email);
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    await openAccountSection(page, 'Passkeys');
    const passkeys = page.getByRole('list', { name: 'Your passkeys' });
    await passkeys.getByText('Passkey', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Rename Passkey' }).click();
    await page.getByLabel('New name for Passkey').fill('Work laptop');
    await page.getByRole('button', { name: 'Save name' }).click();
    await passkeys.getByText('Work laptop', { exact: true }).waitFor();

    // Conditional UI: the login screen asks the browser for a passkey as soon as it opens, and
    // the browser offers it in the username field's suggestions; the virtual authenticator
    // picks the only one there is, so nothing needs to be pressed.
    await logOut(page, server.baseUrl);
    await page.waitForURL(`${server.baseUrl}/`);
    await openAccountSection(page, 'Profile');
    await page.getByRole('definition').filter({ hasText: who.email }).waitFor();

    // The button: with the suggestions’ request cut off, "Use a passkey" asks itself.
    let optionsRequests = 0;
    await page.route('**/_headless/browser/v1/auth/webauthn/login', (route) =>
      route.request().method() === 'GET' && optionsRequests++ === 0 ? route.abort() : route.continue(),
    );
    await logOut(page, server.baseUrl);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(optionsRequests).toBe(2);
  });
});

describe('a passkey signup confirmed in the same browser', () => {
  it('goes on from the confirmation page to the passkey step', async () => {
    const page = await visitors.newPage();
    await addVirtualAuthenticator(page);
    const who = person('samebrowser');
    await page.goto(`${server.baseUrl}/auth/passkey-signup`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`We sent a confirmation link to ${who.email}.`).waitFor();

    const mail = await mailbox.waitFor(who.email, { subject: /confirm/i, timeoutMs: MAIL_WAIT_MS });
    await page.goto(linkIn(mail.text, '/auth/verify/'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/auth\/passkey-signup/);
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await openAccountSection(page, 'Profile');
    await page.getByRole('definition').filter({ hasText: who.email }).waitFor();
  });
});

describe('a passkey as the second factor and to confirm a change, in Chromium', () => {
  /** The short-timeout server's ACCOUNT_REAUTHENTICATION_TIMEOUT_SECONDS. */
  const SHORT_TIMEOUT_SECONDS = 2;
  let shortServer: RunningServer;

  beforeAll(async () => {
    shortServer = await startBuiltServer(
      {
        SMTP_URL: mailbox.url,
        ROLE: 'api',
        ACCOUNT_REAUTHENTICATION_TIMEOUT_SECONDS: String(SHORT_TIMEOUT_SECONDS),
      },
      { publicHost: 'localhost' },
    );
  });
  afterAll(async () => {
    await shortServer?.stop();
  });

  const outlive = (page: Page) => page.waitForTimeout((SHORT_TIMEOUT_SECONDS + 1) * 1000);

  it('asks for the passkey after the password, and confirms a rename with it in place', async () => {
    const base = shortServer.baseUrl;
    const page = await visitors.newPage();
    await addVirtualAuthenticator(page);
    const who = person('passkeymfa');
    await signUpAndConfirm(page, base, mailbox, who);

    // Adding the passkey once the login is old: the password confirms it, then the key is made.
    await openAccountSection(page, 'Passkeys');
    await page.getByLabel('Name of the new passkey').fill('Laptop');
    await outlive(page);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.waitFor();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const passkeys = page.getByRole('list', { name: 'Your passkeys' });
    await passkeys.getByText('Laptop', { exact: true }).waitFor();

    // The password alone no longer logs in: the passkey is the second step. (The login
    // screen's passkey autofill is cut off, or the virtual authenticator would answer it.)
    await page.route('**/_headless/browser/v1/auth/webauthn/login', (route) =>
      route.request().method() === 'GET' ? route.abort() : route.continue(),
    );
    await logOut(page, base);
    await logInWithPassword(page, who.email, base);
    await atSecondStep(page);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${base}/`);

    // Once that login is old, a rename asks again, and the passkey answers in the dialog.
    await openAccountSection(page, 'Passkeys');
    await passkeys.getByText('Laptop', { exact: true }).waitFor();
    await outlive(page);
    await page.getByRole('button', { name: 'Rename Laptop' }).click();
    await page.getByLabel('New name for Laptop').fill('Work laptop');
    await page.getByRole('button', { name: 'Save name' }).click();
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Passkey' }).check();
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await passkeys.getByText('Work laptop', { exact: true }).waitFor();
  });
});

describe('two-factor authentication, in Chromium', () => {
  const who = person('totp');
  let secret = '';
  let activationStep = -1;
  let recoveryCodes: string[] = [];

  it('sets up an authenticator app from the key on screen and shows the recovery codes once', async () => {
    const page = await visitors.newPage();
    await signUpAndConfirm(page, server.baseUrl, mailbox, who);
    await openAccountSection(page, 'Two-factor');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await page.getByLabel('Key to type in by hand').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('That code is not right.', { exact: false }).waitFor();

    const { code, step } = await freshCode(secret);
    activationStep = step;
    await page.getByLabel('Code from the app').fill(code);
    await page.getByRole('button', { name: 'Activate' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    recoveryCodes = await codes.getByRole('listitem').allInnerTexts();
    expect(recoveryCodes.length).toBeGreaterThanOrEqual(8);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download (.txt)' }).click();
    const file = await fs.readFile(await (await download).path(), 'utf8');
    for (const recoveryCode of recoveryCodes) expect(file).toContain(recoveryCode);

    await page.getByRole('button', { name: 'I have saved them' }).click();
    await codes.waitFor({ state: 'detached' });
    await page.getByText(`${recoveryCodes.length} of ${recoveryCodes.length} unused`).waitFor();
  });

  it('asks for the app’s code after the password, and a trusted browser is not asked again', async () => {
    expect(secret).not.toBe('');
    const page = await visitors.newPage();
    await logInWithPassword(page, who.email);
    await atSecondStep(page);

    await page.getByLabel('Authentication code').fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That code is not right.', { exact: false }).waitFor();

    const { code } = await freshCode(secret, activationStep);
    await page.getByLabel('Authentication code').fill(code);
    await page.getByLabel('Trust this browser for 14 days').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    await logOut(page, server.baseUrl);
    await logInWithPassword(page, who.email);
    await page.waitForURL(`${server.baseUrl}/`);
  });

  it('logs in with a recovery code instead of the app, and that code works only once', async () => {
    expect(recoveryCodes.length).toBeGreaterThan(0);
    const page = await visitors.newPage();
    await logInWithPassword(page, who.email);
    await atSecondStep(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    await openAccountSection(page, 'Two-factor');
    await page.getByText(`${recoveryCodes.length - 1} of ${recoveryCodes.length} unused`).waitFor();

    const again = await visitors.newPage();
    await logInWithPassword(again, who.email);
    await atSecondStep(again);
    await again.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await again.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await again.getByRole('button', { name: 'Continue' }).click();
    await again.getByText('That code is not right.', { exact: false }).waitFor();
    expect(again.url()).toMatch(/\/auth\/two-factor/);
  });
});
