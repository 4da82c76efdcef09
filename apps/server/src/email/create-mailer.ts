import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSettings } from './mail-settings.ts';
import type { Mailer } from './mailer.ts';
import { OutboxMailer } from './outbox-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(
  config: { mail: MailSettings; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (config.mail.smtpUrl) return new SmtpMailer(config.mail.smtpUrl, config.mail.from);
  return new OutboxMailer(outboxDir(config.dataDir), config.mail.from, log);
}
