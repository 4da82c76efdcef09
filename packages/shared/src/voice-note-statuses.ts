/** A voice note's transcription states, in order; zod-free so the web app's first page can use it (ADR 0055). */
export const VOICE_NOTE_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;
