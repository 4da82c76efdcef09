import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

/** allauth's password_changed and password_set notices. */
export function passwordChangedMail(input: { to: string; set: boolean; resetUrl: string }): MailMessage {
  const what = input.set
    ? 'A password has been set for your account.'
    : 'The password of your account was changed.';
  return composeMail(input.to, input.set ? 'Password Set' : 'Password Changed', [
    { text: `You are receiving this mail because of a change to your account: ${what}` },
    {
      text: 'Every other device logged in to your account was logged out and its personal API tokens were revoked. If you did not make this change, reset your password now:',
    },
    { link: input.resetUrl, label: 'Reset my password' },
  ]);
}
