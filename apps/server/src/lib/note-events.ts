import type { WebhookEventType } from '@voxpad/shared/webhooks';

/**
 * Something happened to one of a person's notes. The note's current state is read by whoever
 * listens; a deleted note can no longer be read, so its deletion says what it was.
 */
export type NoteEvent =
  | { type: Exclude<WebhookEventType, 'note.deleted'>; ownerId: string; noteId: string }
  | { type: 'note.deleted'; ownerId: string; noteId: string; padId: string; title: string };

/**
 * Where filing, the transcription runner, edits and deletions report what happened to a note
 * (ADR 0048). The app passes one in (webhooks/ implements it), so none of those modules imports
 * the features that listen. `emit` records the event durably before it resolves and never
 * throws: a listener's trouble must not undo or fail the change it hears about.
 */
export interface NoteEvents {
  emit(event: NoteEvent): Promise<void>;
}

/** Several listeners as one: each hears every event, in order. */
export function allNoteEvents(...listeners: NoteEvents[]): NoteEvents {
  return {
    async emit(event) {
      for (const listener of listeners) await listener.emit(event);
    },
  };
}
