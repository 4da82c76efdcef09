/**
 * Summarises new notes of the pads that ask for it (ADR 0052): hears `note.transcribed` and
 * queues a generation when the note's pad has "summarise new notes" on and a model is
 * configured. Like every note-event listener it never throws: a summary's trouble must not
 * fail the transcription it follows.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { NoteEvent, NoteEvents } from '../lib/note-events.ts';
import { findNote, readAutoSummary } from './summaries-repository.ts';
import { enqueue, isSummarisable, type SummaryDeps } from './summaries-service.ts';

export class AutoSummaries implements NoteEvents {
  constructor(
    private readonly deps: SummaryDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  async emit(event: NoteEvent): Promise<void> {
    const { endpoint } = this.deps.settings;
    if (event.type !== 'note.transcribed' || !endpoint) return;
    try {
      const note = await findNote(this.deps.db, event.ownerId, event.noteId);
      if (!note || !isSummarisable(note)) return;
      if (!(await readAutoSummary(this.deps.db, note.owner_id, note.pad_id))) return;
      await enqueue(this.deps, endpoint, note);
    } catch (err) {
      this.log.error({ err, noteId: event.noteId }, 'could not queue an automatic summary');
    }
  }
}
