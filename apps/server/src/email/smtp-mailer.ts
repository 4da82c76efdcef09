import { createTransport } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

/** Sends through the SMTP server named by SMTP_URL (credentials, port and TLS in the URL). */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(url: string, from: string) {
    this.transport = createTransport(
      {
        url,
        // A dead mail server must not hold mails (and a shutdown) for nodemailer's default minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from },
    );
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(message);
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
