import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { newId } from '../lib/ids.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** What the dev outbox lists for each mail (written beside the .eml file). */
export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  sent_at: string;
  text: string;
}

/**
 * Without an SMTP server, mails land in DATA_DIR/outbox as .eml files a person can open, and
 * each one's links are logged plainly, so a fresh install can still confirm its first account.
 */
export class OutboxMailer implements Mailer {
  private readonly composer;

  constructor(
    readonly dir: string,
    from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail(message);
    const id = newId();
    await fs.mkdir(this.dir, { recursive: true });
    const entry: OutboxEntry = {
      id,
      to: message.to,
      subject: message.subject,
      sent_at: new Date().toISOString(),
      text: message.text,
    };
    await fs.writeFile(path.join(this.dir, `${id}.json`), JSON.stringify(entry, null, 2));
    const file = path.join(this.dir, `${id}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    // Without a mail server the console is where the person trying Voxpad looks: the links
    // go there as they are (the .eml's quoted-printable breaks a copied link at its `=`).
    const links = linksIn(message.text);
    this.log.info(
      { file, to: message.to, subject: message.subject, links },
      `No SMTP_URL set, so this mail was not sent: "${message.subject}" to ${message.to}, kept in ${file}` +
        (links.length > 0 ? `. Its link${links.length > 1 ? 's' : ''}: ${links.join(' ')}` : ''),
    );
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxEntry),
  );
  return entries;
}

/** The web links in a mail's plain text, as a person would copy them. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}
