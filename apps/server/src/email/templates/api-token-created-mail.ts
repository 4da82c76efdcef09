import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

/** A personal API token was made: it reaches the account without a password, so its owner hears of it. */
export function apiTokenCreatedMail(input: { to: string; name: string; tokensUrl: string }): MailMessage {
  return composeMail(input.to, 'API Token Created', [
    {
      text: `You are receiving this mail because a personal API token named “${input.name}” was created for your account. Scripts holding it can transcribe and file voice notes as you.`,
    },
    {
      text: 'If you did not create it, revoke it now and change your password:',
    },
    { link: input.tokensUrl, label: 'Review API tokens' },
  ]);
}
