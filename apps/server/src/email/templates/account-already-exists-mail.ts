import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

/** Sent instead of a confirmation when someone signs up with an address that has an account. */
export function accountAlreadyExistsMail(input: { to: string; passwordResetUrl: string }): MailMessage {
  return composeMail(input.to, 'Account Already Exists', [
    {
      text: `You are receiving this email because you, or someone else, tried to sign up for an account using email address: ${input.to}. However, an account using that email address already exists.`,
    },
    {
      text: 'In case you have forgotten about this, please use the password forgotten procedure to recover your account:',
    },
    { link: input.passwordResetUrl, label: 'Reset my password' },
  ]);
}
