import type { MailMessage } from '../mailer.ts';
import { composeMail } from './compose-mail.ts';

/**
 * The account was deleted (ADR 0042): sent to the address it had, so a deletion made by
 * someone else with the password does not go unnoticed. Nothing is left to link to.
 */
export function accountDeletedMail(input: { to: string; username: string }): MailMessage {
  return composeMail(input.to, 'Account Deleted', [
    {
      text: `You are receiving this mail because the account “${input.username}” was deleted, with its pads, voice notes and their recordings, transcripts, words, the models learnt from your voice, API tokens and sign-in methods. Nothing of it is kept, and it cannot be restored.`,
    },
    {
      text: 'If you did not delete it, someone knew your password: change it wherever else you use it. You can sign up again with this address at any time.',
    },
  ]);
}
