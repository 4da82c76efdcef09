import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

export function loginCodeMail(input: { to: string; code: string }): MailMessage {
  return composeMail(input.to, 'Sign-In Code', [
    { text: 'Your sign-in code is listed below. Please enter it in your open browser window.' },
    { code: input.code },
    { text: 'The code expires in 3 minutes.' },
    { text: 'This mail can be safely ignored if you did not initiate this action.' },
  ]);
}
