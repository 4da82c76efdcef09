/**
 * Run as its own process by job-relay.test.ts (node warns of a deprecation once per process):
 * two relays on one PostgreSQL, a burst of signals published by one at once, counted as the
 * other receives them. Prints the count received as JSON.
 */
import pino from 'pino';
import { JobEvents } from '../../../src/jobs/job-events.ts';
import { PostgresJobRelay } from '../../../src/jobs/postgres-job-relay.ts';

const [url, countText] = process.argv.slice(2);
const count = Number(countText);
const log = pino({ level: 'silent' });
const sending = new PostgresJobRelay(url!, new JobEvents(), log);
const receivingEvents = new JobEvents();
const receiving = new PostgresJobRelay(url!, receivingEvents, log);
await Promise.all([sending.start(), receiving.start()]);
const heard: string[] = [];
const done = new Promise<void>((resolve) => {
  for (let i = 0; i < count; i++) {
    const noteId = `note-${i}`;
    receivingEvents.subscribe(noteId, () => {
      heard.push(noteId);
      if (heard.length === count) resolve();
    });
  }
});
for (let i = 0; i < count; i++) sending.publish({ kind: 'changed', noteId: `note-${i}` });
const timeout = setTimeout(() => {
  process.stdout.write(`${JSON.stringify({ heard })}\n`);
  process.exit(2);
}, 20_000);
await done;
clearTimeout(timeout);
await Promise.all([sending.close(), receiving.close()]);
process.stdout.write(`${JSON.stringify({ heard })}\n`);
