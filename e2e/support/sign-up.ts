import type { Page } from 'playwright-core';
import { linkIn, type Mailbox, MAIL_WAIT_MS } from './mailbox.ts';

export const PASSWORD = 'a perfectly fine password';

export interface NewPerson {
  email: string;
  username: string;
}

let people = 0;

/** A person no other test in this run has signed up: `<prefix><time><n>@example.org`. */
export function person(prefix: string): NewPerson {
  const username = `${prefix}${Date.now().toString(36)}${people++}`;
  return { username, email: `${username}@example.org` };
}

/**
 * Fills the sign-up form already on screen and sends it. Exact labels: until the sign-up form has
 * replaced the login form, a loose 'Email' or 'Username' would also match the login form's
 * 'Username or email' and type there.
 */
export async function fillSignUpForm(page: Page, who: NewPerson, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Username', { exact: true }).fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/** Opens the sign-up page of the site at `base`, fills it and sends it. */
export async function submitSignUp(
  page: Page,
  base: string,
  who: NewPerson,
  password = PASSWORD,
): Promise<void> {
  await page.goto(`${base}/auth/signup`);
  await fillSignUpForm(page, who, password);
}

/** Signs up where no address needs confirming (ACCOUNT_EMAIL_VERIFICATION=none): lands on home. */
export async function signUp(page: Page, base: string, who: NewPerson, password = PASSWORD): Promise<void> {
  await submitSignUp(page, base, who, password);
  await page.waitForURL(`${base}/`);
}

/** Opens the confirmation link mailed to `email` in `page`, confirms, and lands on home. */
export async function confirmFromMail(
  page: Page,
  base: string,
  mailbox: Mailbox,
  email: string,
): Promise<void> {
  const mail = await mailbox.waitFor(email, { subject: /confirm/i, timeoutMs: MAIL_WAIT_MS });
  await page.goto(linkIn(mail.text, '/auth/verify/'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(`${base}/`);
}

/** Signs up, waits on the "check your mail" page, confirms through the mailed link: home. */
export async function signUpAndConfirm(
  page: Page,
  base: string,
  mailbox: Mailbox,
  who: NewPerson,
  password = PASSWORD,
): Promise<void> {
  await submitSignUp(page, base, who, password);
  await page.waitForURL(/\/auth\/verification-pending/);
  await confirmFromMail(page, base, mailbox, who.email);
}
