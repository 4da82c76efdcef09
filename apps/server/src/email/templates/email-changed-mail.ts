import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

/** allauth's email_changed notice, sent to the address that stopped being the primary one. */
export function emailChangedMail(input: { to: string; from: string; newEmail: string }): MailMessage {
  return composeMail(input.to, 'Email Changed', [
    {
      text: `You are receiving this mail because the primary email address of your account was changed from ${input.from} to ${input.newEmail}.`,
    },
    {
      text: 'Mails about your account now go to the new address. If you did not make this change, log in, reset your password and review the addresses of your account at once.',
    },
  ]);
}
