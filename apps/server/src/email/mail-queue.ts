import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/** Works out a mail (it may read or write the database); undefined sends nothing. */
export type ComposeMail = () => Promise<MailMessage | undefined>;

/**
 * Runs mail work after the HTTP response has been handed over, so neither the time a request
 * takes nor a failing mail server tells a caller whether an account exists. Failures are
 * logged, never answered. `drain()` lets shutdown wait for mails already promised.
 */
export class MailQueue {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(compose: ComposeMail): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(compose)
      .then(async (message) => {
        if (!message) return;
        await this.mailer.send(message);
        this.log.info({ subject: message.subject }, 'mail sent');
      })
      .catch((err: unknown) => this.log.error({ err }, 'a mail could not be sent'))
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.drain();
    await this.mailer.close();
  }
}
