import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.ts';
import { Mailbox, linkIn, MAIL_WAIT_MS } from '../support/mailbox.ts';
import {
  localIdProviderSetting,
  registerAtLocalId,
  startTestIdp,
  type TestIdp,
} from '../support/oidc-provider.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { person, signUpAndConfirm } from '../support/sign-up.ts';
import { Visitors } from '../support/visitors.ts';

/**
 * In Chromium against the built app: a second address confirmed from its mail in the same
 * logged-in browser and made primary, and connected accounts (connect through the loopback
 * OpenID provider, disconnect, and the refusal that keeps a password-less account reachable).
 */
let server: RunningServer;
let browser: Browser;
let mailbox: Mailbox;
let idp: TestIdp;
let page: Page;
/** This file's server at the test provider. */
const IDP_CLIENT = { client_id: 'voxpad-cx', client_secret: 'cx-secret' };
const visitors = new Visitors(() => browser, 'account-connected');

beforeAll(async () => {
  mailbox = await Mailbox.start();
  idp = await startTestIdp();
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

async function openAccountSection(section: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: section }).click();
}

function emailRow(email: string) {
  return page
    .getByRole('region', { name: 'Email addresses' })
    .getByRole('listitem')
    .filter({ hasText: email });
}

function connectedAccounts() {
  return page.getByRole('region', { name: 'Connected accounts' });
}

/** At the provider's own page, signs in as `id`, which sends the browser back to the app. */
async function signInAtProvider(id: string) {
  await page.waitForURL((url) => url.href.startsWith(idp.issuer));
  await page.getByRole('button', { name: `Sign in as ${id}` }).click();
  await page.waitForURL((url) => url.href.startsWith(server.baseUrl));
}

describe('connected accounts and added addresses, in Chromium', () => {
  it('confirms an added address in the same logged-in browser and makes it primary', async () => {
    const who = person('second');
    const second = `${who.username}.home@example.org`;
    await signUpAndConfirm(page, server.baseUrl, mailbox, who);
    await openAccountSection('Email addresses');
    await page.getByLabel('Add an email address').fill(second);
    await page.getByRole('button', { name: 'Add email' }).click();
    await page.getByText(`We sent a verification link to ${second}.`).waitFor();
    await emailRow(second).getByText('Unverified', { exact: true }).waitFor();

    const mail = await mailbox.waitFor(second, { subject: /confirm/i, timeoutMs: MAIL_WAIT_MS });
    await page.goto(linkIn(mail.text, '/account/email/verify/'));
    // Still logged in, inside the account area (its own navigation is there).
    await page.getByRole('navigation', { name: 'Account' }).waitFor();
    await page.getByText(second).first().waitFor();
    await page.getByRole('button', { name: 'Confirm address' }).click();
    await page.waitForURL(/\/account\/emails$/);
    await page.getByText(`${second} is confirmed.`).waitFor();
    await emailRow(second).getByText('Verified', { exact: true }).waitFor();

    await emailRow(second).getByRole('button', { name: 'Make primary' }).click();
    await emailRow(second).getByText('Primary', { exact: true }).waitFor();
    expect(await emailRow(who.email).getByText('Primary', { exact: true }).count()).toBe(0);

    // The link is spent: opening it again says so, in the account area.
    await page.goto(linkIn(mail.text, '/account/email/verify/'));
    await page.getByText('This confirmation link is not valid').waitFor();
  });

  it('connects a provider account through the provider, then disconnects it', async () => {
    const who = person('connect');
    const providerId = `${who.username}-at-idp`;
    idp.addUser({ id: providerId, preferred_username: providerId, name: 'Connie Nected' });
    await signUpAndConfirm(page, server.baseUrl, mailbox, who);
    await openAccountSection('Connected accounts');
    await page.waitForURL(/\/account\/connections$/);
    await connectedAccounts().getByText('No accounts are connected yet.').waitFor();

    await page.getByRole('button', { name: 'Connect Local ID' }).click();
    await signInAtProvider(providerId);
    await page.waitForURL(/\/account\/connections$/);
    const row = connectedAccounts().getByRole('listitem').filter({ hasText: 'Connie Nected' });
    await row.getByText('Local ID').waitFor();

    await row.getByRole('button', { name: 'Disconnect Local ID account Connie Nected' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keep it' }).waitFor();
    await page.getByRole('button', { name: 'Disconnect account' }).click();
    await connectedAccounts().getByText('No accounts are connected yet.').waitFor();
  });

  it('keeps the only way into a password-less account connected, and says why', async () => {
    const providerId = person('solo').username;
    idp.addUser({
      id: providerId,
      preferred_username: providerId,
      name: 'Solo Person',
      email: `${providerId}@example.org`,
      email_verified: true,
    });
    await page.goto(`${server.baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Continue with Local ID' }).click();
    await signInAtProvider(providerId);
    await page.waitForURL(`${server.baseUrl}/`);
    await openAccountSection('Connected accounts');
    const row = connectedAccounts().getByRole('listitem').filter({ hasText: 'Solo Person' });
    await row.getByRole('button', { name: 'Disconnect Local ID account Solo Person' }).click();
    await page.getByRole('button', { name: 'Disconnect account' }).click();
    await row.getByText('This is your only way to log in: set a password first').waitFor();
    await row.getByText('Local ID').waitFor();
  });
});
