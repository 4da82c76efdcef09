import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

/** allauth's socialaccount_added notice: a third-party account can now log in to this one. */
export function providerConnectedMail(input: {
  to: string;
  provider: string;
  display: string;
  connectionsUrl: string;
}): MailMessage {
  return composeMail(input.to, 'Third-Party Account Connected', [
    {
      text: `You are receiving this mail because a ${input.provider} account (${input.display}) was connected to your account. It can now be used to log in.`,
    },
    {
      text: 'If you did not do this, disconnect it now and change your password:',
    },
    { link: input.connectionsUrl, label: 'Review connected accounts' },
  ]);
}
