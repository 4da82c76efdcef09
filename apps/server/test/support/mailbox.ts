import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
}

/**
 * A real SMTP server on loopback that keeps what it receives: the server under test sends
 * its mails here through nodemailer, and tests read them parsed by mailparser.
 */
export class Mailbox {
  readonly received: ReceivedMail[] = [];
  private listeners: (() => void)[] = [];
  private readonly server: SMTPServer;
  url = '';

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        simpleParser(stream)
          .then((parsed) => {
            this.deliver({
              to,
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
            });
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      },
    });
  }

  static async start(): Promise<Mailbox> {
    const box = new Mailbox();
    await new Promise<void>((resolve, reject) => {
      box.server.once('error', reject);
      box.server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = box.server.server.address() as AddressInfo;
    box.url = `smtp://127.0.0.1:${port}`;
    return box;
  }

  private deliver(mail: ReceivedMail) {
    this.received.push(mail);
    for (const listener of this.listeners) listener();
  }

  /** Every mail received so far for the address. */
  for(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits for the next mail to `address` matching `subject` that arrives after `after` mails. */
  async waitFor(
    address: string,
    options: { subject?: RegExp; after?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedMail> {
    const skip = options.after ?? 0;
    const find = () =>
      this.for(address)
        .slice(skip)
        .find((m) => !options.subject || options.subject.test(m.subject));
    const found = find();
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== check);
        const got = this.for(address).map((m) => JSON.stringify(m.subject));
        reject(
          new Error(
            `No mail for ${address} matching ${String(options.subject)} arrived within ` +
              `${(options.timeoutMs ?? 5000) / 1000} s (it has ${got.length}: ${got.join(', ') || 'none'}; ` +
              `${this.received.length} mails in all)`,
          ),
        );
      }, options.timeoutMs ?? 5000);
      const check = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== check);
        resolve(mail);
      };
      this.listeners.push(check);
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The first capture of `pattern` in the mail's plain text, e.g. a key from a link. */
export function extract(mail: ReceivedMail, pattern: RegExp): string {
  const match = pattern.exec(mail.text);
  if (!match?.[1]) throw new Error(`${String(pattern)} not found in:\n${mail.text}`);
  return match[1];
}

/** The key of a confirmation link: the signup flow's page or, for an added address, the account area's. */
export const verificationKeyIn = (mail: ReceivedMail) =>
  extract(mail, /\/(?:auth|account\/email)\/verify\/(\S+)/);
export const resetKeyIn = (mail: ReceivedMail) => extract(mail, /\/auth\/password\/confirm\/(\S+)/);
export const loginCodeIn = (mail: ReceivedMail) => extract(mail, /^([A-Z0-9]{8})$/m);

/** Which mailbox a test app sends to, so helpers that only know the base URL can read it. */
const mailboxes = new Map<string, Mailbox>();
export function registerMailbox(baseUrl: string, mailbox: Mailbox) {
  mailboxes.set(baseUrl, mailbox);
}
export function unregisterMailbox(baseUrl: string) {
  mailboxes.delete(baseUrl);
}
export function mailboxFor(baseUrl: string): Mailbox | undefined {
  return mailboxes.get(baseUrl);
}
