/**
 * Turns note events into deliveries (ADR 0048): for each of the owner's webhooks that is on and
 * subscribed, one row in the deliveries table with the body it will carry, due at once. The row
 * is written before `emit` resolves, so an event the caller heard of survives a restart; the
 * dispatcher of any process sends it. Failures here are logged, never thrown: a webhook's
 * trouble must not fail the upload, edit or deletion it reports.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveredEventType } from '@voxpad/shared/webhooks';
import { WEBHOOK_LIMITS } from '@voxpad/shared/webhooks';
import type { Db } from '../db/database.ts';
import type { WebhookDeliveryRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { NoteEvent, NoteEvents } from '../lib/note-events.ts';
import { toIso } from '../lib/time.ts';
import { insertDeliveries, pruneDeliveries } from './deliveries-repository.ts';
import { parseEvents } from './webhook-presenter.ts';
import { findEventNote, listEnabledWebhooks } from './webhooks-repository.ts';

/** The body a receiver gets: `{type, timestamp, data}`, with no secrets in it. */
export function eventBody(type: DeliveredEventType, data: Record<string, unknown>, now: number): string {
  return JSON.stringify({ type, timestamp: toIso(now), data });
}

/** A pending delivery of `body` to one webhook, due at `now`. */
export function newDelivery(
  webhook: { id: string; user_id: string },
  event: DeliveredEventType,
  body: string,
  now: number,
): WebhookDeliveryRow {
  return {
    id: newId(now),
    webhook_id: webhook.id,
    user_id: webhook.user_id,
    event,
    payload: body,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    lease_owner: null,
    lease_expires_at: null,
    response_status: null,
    response_excerpt: null,
    error: null,
    duration_ms: null,
    created_at: now,
    last_attempt_at: null,
  };
}

export class WebhookOutbox implements NoteEvents {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Told after deliveries were recorded, so this process's dispatcher starts at once. */
    private readonly onRecorded: () => void = () => undefined,
  ) {}

  async emit(event: NoteEvent): Promise<void> {
    try {
      await this.record(event);
    } catch (err) {
      this.log.error({ err, event: event.type, noteId: event.noteId }, 'could not record webhook deliveries');
    }
  }

  private async record(event: NoteEvent): Promise<void> {
    const webhooks = (await listEnabledWebhooks(this.db, event.ownerId)).filter((webhook) =>
      parseEvents(webhook.events).includes(event.type),
    );
    if (webhooks.length === 0) return;
    const data = await this.dataOf(event);
    if (!data) return;
    const now = Date.now();
    const body = eventBody(event.type, data, now);
    await insertDeliveries(
      this.db,
      webhooks.map((webhook) => newDelivery(webhook, event.type, body, now)),
    );
    for (const webhook of webhooks) await pruneDeliveries(this.db, webhook.id, WEBHOOK_LIMITS.deliveryLogMax);
    this.onRecorded();
  }

  /** What the event says about the note; undefined when it is gone already (deleted meanwhile). */
  private async dataOf(event: NoteEvent): Promise<Record<string, unknown> | undefined> {
    if (event.type === 'note.deleted') {
      return { note_id: event.noteId, pad_id: event.padId, title: event.title };
    }
    const note = await findEventNote(this.db, event.ownerId, event.noteId);
    if (!note) return undefined;
    return {
      note_id: note.id,
      pad_id: note.pad_id,
      title: note.title,
      status: note.status,
      duration_seconds: note.duration_seconds,
      transcript: note.transcript,
      created_at: toIso(note.created_at),
      updated_at: toIso(note.updated_at),
    };
  }
}
