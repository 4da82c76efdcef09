import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.ts';
import { Mailbox, linkIn, MAIL_WAIT_MS } from '../support/mailbox.ts';
import { startBuiltServer, type RunningServer } from '../support/server.ts';
import { PASSWORD, person, signUpAndConfirm } from '../support/sign-up.ts';
import { Visitors } from '../support/visitors.ts';

/**
 * The account area in Chromium against the built app: a second email address verified from
 * its mail and made primary, a password change, signing out another browser, and the password
 * asked again in place (on a server whose reauthentication timeout is two seconds) before the
 * change the person started goes through by itself.
 */
const screenshotDir = path.resolve(import.meta.dirname, '../../.e2e');
/** The short-timeout server's ACCOUNT_REAUTHENTICATION_TIMEOUT_SECONDS. */
const SHORT_TIMEOUT_SECONDS = 2;

let mailbox: Mailbox;
let server: RunningServer;
let shortServer: RunningServer;
let browser: Browser;
/** Every context a test opens, closed after it; their pages' console errors fail the test. */
const visitors = new Visitors(() => browser, 'account-center');

beforeAll(async () => {
  await fs.mkdir(screenshotDir, { recursive: true });
  mailbox = await Mailbox.start();
  [server, shortServer] = await Promise.all([
    // No recording is made here: API-only servers start without the speech engine's threads.
    startBuiltServer({ SMTP_URL: mailbox.url, ROLE: 'api' }),
    startBuiltServer({
      SMTP_URL: mailbox.url,
      ROLE: 'api',
      ACCOUNT_REAUTHENTICATION_TIMEOUT_SECONDS: String(SHORT_TIMEOUT_SECONDS),
    }),
  ]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), shortServer?.stop()]);
  await mailbox?.close();
});

afterEach(async (test) => {
  expect(await visitors.finish(test.task.name)).toEqual([]);
});

/** A new visitor: its own cookies. */
async function newPage(options: { width?: number } = {}): Promise<Page> {
  return visitors.newPage(options.width ? { viewport: { width: options.width, height: 800 } } : {});
}

async function logIn(page: Page, base: string, identifier: string, password: string) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Username or email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The account area's section, reached as a person would: the header, then its own menu. */
async function openAccountSection(page: Page, section: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: section }).click();
}

function emailRow(page: Page, email: string) {
  return page
    .getByRole('region', { name: 'Email addresses' })
    .getByRole('listitem')
    .filter({ hasText: email });
}

describe('the account area, in Chromium', () => {
  it('adds a second email, verifies it from the mail and makes it primary', async () => {
    const page = await newPage();
    const who = person('emails');
    const second = `${who.username}.work@example.org`;
    await signUpAndConfirm(page, server.baseUrl, mailbox, who);
    await openAccountSection(page, 'Email addresses');
    await page.waitForURL(/\/account\/emails$/);

    await page.getByLabel('Add an email address').fill(second);
    await page.getByRole('button', { name: 'Add email' }).click();
    await page.getByText(`We sent a verification link to ${second}.`).waitFor();
    const row = emailRow(page, second);
    await row.getByText('Unverified', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Make primary' }).isDisabled()).toBe(true);
    expect(
      await emailRow(page, who.email)
        .getByRole('button', { name: `Remove ${who.email}` })
        .isDisabled(),
    ).toBe(true);

    // The link opened where the mail is read: another browser, which logs in first and is
    // brought back to the account area's confirmation (account-connected.test.ts opens it in
    // the same logged-in browser).
    const mail = await mailbox.waitFor(second, { subject: /confirm/i, timeoutMs: MAIL_WAIT_MS });
    const elsewhere = await newPage();
    await elsewhere.goto(linkIn(mail.text, '/account/email/verify/'));
    await elsewhere.waitForURL(/\/auth\/login/);
    await elsewhere.getByLabel('Username or email').fill(who.email);
    await elsewhere.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await elsewhere.getByRole('button', { name: 'Log in' }).click();
    await elsewhere.getByText(second).first().waitFor();
    await elsewhere.getByRole('button', { name: 'Confirm address' }).click();
    await elsewhere.waitForURL(/\/account\/emails$/);

    await page.reload();
    await row.getByText('Verified', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Make primary' }).click();
    await row.getByText('Primary', { exact: true }).waitFor();
    expect(await emailRow(page, who.email).getByText('Primary', { exact: true }).count()).toBe(0);
    await mailbox.waitFor(who.email, { subject: /email changed/i, timeoutMs: MAIL_WAIT_MS });

    // The profile shows the new primary address, and the old one can go now.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('definition').filter({ hasText: second }).waitFor();
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Email addresses' })
      .click();
    await emailRow(page, who.email)
      .getByRole('button', { name: `Remove ${who.email}` })
      .click();
    await page.getByRole('button', { name: 'Remove address' }).click();
    await emailRow(page, who.email).waitFor({ state: 'detached' });
  });

  it('changes the password, which signs out the other browser, then logs in with the new one', async () => {
    const page = await newPage();
    const who = person('password');
    await signUpAndConfirm(page, server.baseUrl, mailbox, who);
    const other = await newPage();
    await logIn(other, server.baseUrl, who.email, PASSWORD);
    await other.waitForURL(`${server.baseUrl}/`);

    await openAccountSection(page, 'Password');
    const newPassword = 'another perfectly fine password';
    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Please type your current password.').waitFor();

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await page.getByLabel('Current password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText('Your other sessions were logged out and your API tokens revoked', { exact: false })
      .waitFor();

    // This browser stays logged in on its new session; the other one was signed out.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sessions' }).click();
    await page.getByText('You are not logged in anywhere else.').waitFor();
    await other.reload();
    await other.waitForURL(/\/auth\/login/);

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login/);
    await logIn(page, server.baseUrl, who.email, PASSWORD);
    await page.getByText(/not correct/i).waitFor();
    await logIn(page, server.baseUrl, who.email, newPassword);
    await page.waitForURL(`${server.baseUrl}/`);
  });

  it('signs out another browser from the sessions list', async () => {
    const page = await newPage();
    const who = person('sessions');
    await signUpAndConfirm(page, server.baseUrl, mailbox, who);
    const other = await newPage();
    await logIn(other, server.baseUrl, who.username, PASSWORD);
    await other.waitForURL(`${server.baseUrl}/`);
    await openAccountSection(other, 'Password');

    await openAccountSection(page, 'Sessions');
    const rows = page.getByRole('region', { name: 'Active sessions' }).getByRole('listitem');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await rows.first().getByText('This device').waitFor();
    expect(await rows.first().innerText()).toMatch(/^Chrome on Linux/);
    expect(await rows.first().getByRole('button').count()).toBe(0);

    await rows.nth(1).getByRole('button', { name: 'Log out this session' }).click();
    await page.getByText('You are not logged in anywhere else.').waitFor();
    expect(await rows.count()).toBe(1);

    // The other browser, still showing the account area, finds itself logged out at its next
    // change and is taken to the login screen, which will bring it back.
    await other.getByLabel('Current password').fill(PASSWORD);
    await other.getByLabel('New password').fill('a password never to be set');
    await other.getByRole('button', { name: 'Change password' }).click();
    await other.waitForURL(/\/auth\/login\?redirect=%2Faccount%2Fpassword/);
    await other.goto(`${server.baseUrl}/account`);
    await other.waitForURL(/\/auth\/login/);
    // The browser that did it is still logged in.
    await page.reload();
    await page.getByText('This device').waitFor();
  });

  it('asks for the password again in place, then finishes the change without another click', async () => {
    const page = await newPage();
    const who = person('reauth');
    const second = `${who.username}.home@example.org`;
    await signUpAndConfirm(page, shortServer.baseUrl, mailbox, who);
    await openAccountSection(page, 'Email addresses');
    await page.getByLabel('Add an email address').waitFor();
    // The login stops vouching for sensitive changes after this server's short timeout.
    await page.waitForTimeout((SHORT_TIMEOUT_SECONDS + 1) * 1000);

    await page.getByLabel('Add an email address').fill(second);
    await page.getByRole('button', { name: 'Add email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.waitFor();
    // The password field has the focus: typing goes straight there.
    await page.keyboard.type('not my password');
    await page.keyboard.press('Enter');
    await dialog.getByText('Incorrect password.').waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'account-center-reauthenticate-dialog.png') });

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`We sent a verification link to ${second}.`).waitFor();
    await emailRow(page, second).getByText('Unverified', { exact: true }).waitFor();
    await mailbox.waitFor(second, { subject: /confirm/i, timeoutMs: MAIL_WAIT_MS });

    // Cancelling drops the change: the address stays.
    await page.waitForTimeout((SHORT_TIMEOUT_SECONDS + 1) * 1000);
    await emailRow(page, second)
      .getByRole('button', { name: `Remove ${second}` })
      .click();
    await page.getByRole('button', { name: 'Remove address' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await emailRow(page, second).count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('asks to confirm it is you before making an API token, then ends every token from the sessions page', async () => {
    const page = await newPage();
    const who = person('tokens');
    await signUpAndConfirm(page, shortServer.baseUrl, mailbox, who);
    await openAccountSection(page, 'API tokens');
    await page.getByLabel('Token name').waitFor();
    // The login stops vouching for sensitive changes after this server's short timeout.
    await page.waitForTimeout((SHORT_TIMEOUT_SECONDS + 1) * 1000);

    await page.getByLabel('Token name').fill('Backup script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.waitFor();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('New API token').innerText()).toMatch(/^vxp_/);
    await mailbox.waitFor(who.email, { subject: /API Token Created/, timeoutMs: MAIL_WAIT_MS });

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: 'Also end API tokens (1)' }).click();
    await page.getByRole('button', { name: 'End all tokens' }).click();
    await page.getByText('Every API token was ended.', { exact: false }).waitFor();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'API tokens' }).click();
    await page.getByText('You have no API tokens.').waitFor();
  });

  it('fits every section at 360 and 430 px, light and dark, with 44 px touch targets', async () => {
    const who = person('phone');
    const setup = await newPage();
    await signUpAndConfirm(setup, server.baseUrl, mailbox, who);
    const phone = await newPage({ width: 360 });
    await logIn(phone, server.baseUrl, who.email, PASSWORD);
    await phone.waitForURL(`${server.baseUrl}/`);
    // Each section loads once; the widths and schemes change in place, as a turned phone does.
    for (const section of ['', '/emails', '/password', '/sessions', '/api-tokens']) {
      await phone.setViewportSize({ width: 360, height: 800 });
      await phone.goto(`${server.baseUrl}/account${section}`);
      await phone.getByRole('heading', { level: 2 }).first().waitFor();
      await phone.waitForFunction(() => !document.body.innerText.includes('Loading'));
      for (const width of [360, 430]) {
        await phone.setViewportSize({ width, height: 800 });
        for (const scheme of ['light', 'dark'] as const) {
          await phone.emulateMedia({ colorScheme: scheme });
          const layout = await phone.evaluate(() => {
            const small: string[] = [];
            for (const control of document.querySelectorAll<HTMLElement>(
              'main a, main button, main input, main select',
            )) {
              const box = control.getBoundingClientRect();
              if (box.width === 0 || box.height === 0) continue;
              if (box.height < 44)
                small.push(`${control.tagName} "${control.innerText.slice(0, 24)}" ${box.height}`);
            }
            const wide = [...document.querySelectorAll<HTMLElement>('body *')]
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
              .map((el) => `${el.tagName}.${el.className.toString().slice(0, 60)}`)
              .slice(0, 5);
            return { width: document.documentElement.scrollWidth, viewport: window.innerWidth, small, wide };
          });
          const where = `/account${section} at ${width} px, ${scheme}`;
          expect(layout.width, `${where}: ${layout.wide.join(' | ')}`).toBe(layout.viewport);
          expect(layout.small, where).toEqual([]);
        }
        await phone.screenshot({
          path: path.join(
            screenshotDir,
            `account-center-${width}${section.replace('/', '-') || '-profile'}.png`,
          ),
          fullPage: true,
        });
      }
    }
  });
});
