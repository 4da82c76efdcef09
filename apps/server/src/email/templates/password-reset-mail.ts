import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

export function passwordResetMail(input: { to: string; username: string; url: string }): MailMessage {
  return composeMail(input.to, 'Password Reset Email', [
    {
      text: "You're receiving this email because you or someone else has requested a password reset for your user account. It can be safely ignored if you did not request a password reset. Click the link below to reset your password.",
    },
    { link: input.url, label: 'Reset my password' },
    { text: `In case you forgot, your username is ${input.username}.` },
    { text: 'The link expires in 3 days and works once.' },
  ]);
}
