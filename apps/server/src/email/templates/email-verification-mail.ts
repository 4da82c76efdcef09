import type { MailMessage } from '../mailer.ts';
import { composeMail, PRODUCT_NAME } from './compose-mail.ts';

export function emailVerificationMail(input: { to: string; username: string; url: string }): MailMessage {
  return composeMail(input.to, 'Please Confirm Your Email Address', [
    {
      text: `You're receiving this email because user ${input.username} has given your email address to register an account on ${PRODUCT_NAME}.`,
    },
    { text: 'To confirm this is correct, go to:' },
    { link: input.url, label: 'Confirm my email address' },
    { text: 'The link expires in 3 days.' },
  ]);
}
