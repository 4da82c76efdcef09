import type { VoiceNote } from '@voxpad/shared/voice-notes';

/** The server names recordings "Voice note"; an empty title gets the same. */
export function voiceNoteTitle(note: Pick<VoiceNote, 'title'>): string {
  return note.title.trim() === '' ? 'Voice note' : note.title;
}
