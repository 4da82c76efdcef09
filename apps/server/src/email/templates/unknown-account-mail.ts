import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

/** Sent instead of a reset link or login code when no account has the address. */
export function unknownAccountMail(input: { to: string; signupUrl: string }): MailMessage {
  return composeMail(input.to, 'Unknown Account', [
    {
      text: `You are receiving this email because you, or someone else, tried to access an account with email ${input.to}. However, we do not have any record of such an account in our database.`,
    },
    { text: 'This mail can be safely ignored if you did not initiate this action.' },
    { text: 'If it was you, you can sign up for an account using the link below.' },
    { link: input.signupUrl, label: 'Sign up' },
  ]);
}
