import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.ts';
import { Mailbox, linkIn, loginCodeIn, MAIL_WAIT_MS } from '../support/mailbox.ts';
import {
  localIdProviderSetting,
  registerAtLocalId,
  startTestIdp,
  type TestIdp,
} from '../support/oidc-provider.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { confirmFromMail, PASSWORD, person, submitSignUp, type NewPerson } from '../support/sign-up.ts';
import { Visitors } from '../support/visitors.ts';

/**
 * Accounts in Chromium against the built app: sign-up with the emailed link, logout and
 * password login, password reset from the mail, login by code, and login through a local
 * OpenID Connect provider (oidc-provider on loopback) including its provider sign-up step.
 */
let server: RunningServer;
let browser: Browser;
let mailbox: Mailbox;
let idp: TestIdp;
let page: Page;
/** This file's server at the test provider. */
const IDP_CLIENT = { client_id: 'voxpad-e2e', client_secret: 'e2e-secret' };
const visitors = new Visitors(() => browser, 'accounts');

beforeAll(async () => {
  mailbox = await Mailbox.start();
  idp = await startTestIdp([
    { id: 'ada', email: 'ada@example.org', email_verified: true, preferred_username: 'ada', name: 'Ada L.' },
    { id: 'grace', preferred_username: 'grace', name: 'Grace H.' },
  ]);
  server = await startBuiltServer({
    SMTP_URL: mailbox.url,
    // No recording is made here: an API-only server starts without the speech engine's threads.
    ROLE: 'api',
    SOCIAL_PROVIDERS: localIdProviderSetting(idp, IDP_CLIENT),
  });
  registerAtLocalId(idp, IDP_CLIENT, server.baseUrl);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
  await mailbox?.close();
});

beforeEach(async () => {
  // Every scenario is a new visitor: its own cookies at our app and at the provider.
  page = await visitors.newPage();
});

afterEach(async (test) => {
  expect(await visitors.finish(test.task.name)).toEqual([]);
});

async function signUpAndConfirm(who: NewPerson) {
  await submitSignUp(page, server.baseUrl, who);
  await page.waitForURL(/\/auth\/verification-pending/);
  // Says where the link went and how long it works (issue 10's copy fixes).
  await page.getByText(`We sent an email to ${who.email} with a link`).waitFor();
  await page.getByText('Open it within 3 days').waitFor();
  await confirmFromMail(page, server.baseUrl, mailbox, who.email);
}

async function logOut() {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/auth\/login/);
}

async function logIn(identifier: string, password: string) {
  await page.getByLabel('Username or email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('accounts, in Chromium', () => {
  it('signs up, confirms from the mail, logs out and logs in with the password', async () => {
    const who = person('signup');
    await signUpAndConfirm(who);
    await logOut();
    await logIn(who.username, 'not the password at all');
    await page.getByText(/not correct/i).waitFor();
    await logIn(who.username, PASSWORD);
    await page.waitForURL(`${server.baseUrl}/`);
  });

  it('resets a forgotten password from the mail and logs in with the new one', async () => {
    const who = person('reset');
    await signUpAndConfirm(who);
    await logOut();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/auth\/password\/reset/);
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const mail = await mailbox.waitFor(who.email, { subject: /password reset/i, timeoutMs: MAIL_WAIT_MS });
    await page.goto(linkIn(mail.text, '/auth/password/confirm/'));
    const newPassword = 'another perfectly fine password';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/auth\/login/);
    await logIn(who.email, PASSWORD);
    await page.getByText(/not correct/i).waitFor();
    await logIn(who.email, newPassword);
    await page.waitForURL(`${server.baseUrl}/`);
  });

  it('logs in with a code from the mail', async () => {
    const who = person('code');
    await signUpAndConfirm(who);
    await logOut();
    await page.getByRole('link', { name: 'Email me a login code' }).click();
    await page.waitForURL(/\/auth\/magic\/code/);
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.waitForURL(/\/auth\/magic\/verify/);
    const code = loginCodeIn(await mailbox.waitFor(who.email, { subject: /code/i, timeoutMs: MAIL_WAIT_MS }));
    await page.getByLabel('Login code').fill(code);
    await page.getByRole('button', { name: /log in|continue|confirm/i }).click();
    await page.waitForURL(`${server.baseUrl}/`);
  });

  it('logs in through the OpenID provider (verified email: account created)', async () => {
    await page.goto(`${server.baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Continue with Local ID' }).click();
    await page.waitForURL(`${idp.issuer}/interaction/**`);
    await page.getByRole('button', { name: 'Sign in as ada' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
  });

  it('shows the error when the person denies at the provider', async () => {
    await page.goto(`${server.baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Continue with Local ID' }).click();
    await page.waitForURL(`${idp.issuer}/interaction/**`);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/\/auth\/social\/callback\?error=cancelled/);
    await page.getByText('You cancelled logging in with the provider.').waitFor();
  });

  it('finishes a provider sign-up without an email: enter one, confirm it from the mail', async () => {
    const who = person('grace');
    await page.goto(`${server.baseUrl}/auth/signup`);
    await page.getByRole('button', { name: 'Continue with Local ID' }).click();
    await page.waitForURL(`${idp.issuer}/interaction/**`);
    await page.getByRole('button', { name: 'Sign in as grace' }).click();
    await page.waitForURL(/\/auth\/social\/callback$/);
    await page.getByRole('heading', { name: 'Finish signing up' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('grace');
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/\/auth\/verification-pending/);
    const mail = await mailbox.waitFor(who.email, { subject: /confirm/i, timeoutMs: MAIL_WAIT_MS });
    await page.goto(linkIn(mail.text, '/auth/verify/'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
  });
});
