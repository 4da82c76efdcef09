import type { ApiOperation, UndescribedRoute } from './operation.ts';
import { accountOperations } from './operations/account.ts';
import { adaptationOperations } from './operations/adaptation.ts';
import { apiTokenOperations } from './operations/api-tokens.ts';
import { bulkActionOperations } from './operations/bulk-actions.ts';
import { descriptionOperations } from './operations/description.ts';
import { exportImportOperations } from './operations/export-import.ts';
import { highlightOperations } from './operations/highlights.ts';
import { liveOperations } from './operations/live.ts';
import { longRecordingOperations } from './operations/long-recordings.ts';
import { padOperations } from './operations/pads.ts';
import { searchOperations } from './operations/search.ts';
import { shareOperations } from './operations/shares.ts';
import { summaryOperations } from './operations/summaries.ts';
import { speakerOperations } from './operations/speakers.ts';
import { tagOperations } from './operations/tags.ts';
import { transcriptOperations } from './operations/transcripts.ts';
import { uploadOperations } from './operations/uploads.ts';
import { vocabularyOperations } from './operations/vocabulary.ts';
import { voiceNoteOperations } from './operations/voice-notes.ts';
import { webhookOperations } from './operations/webhooks.ts';

/** Where the product API answers; catalogue paths are under it. */
export const API_BASE = '/api/v1';

/**
 * Every operation of the product API, one entry each (ADR 0049). A new route gets its entry
 * in the file of its tag under operations/ (a new feature: a new file, spread in here); the
 * route-table test fails until route and entry match both ways.
 */
export const API_CATALOGUE: readonly ApiOperation[] = [
  ...padOperations,
  ...voiceNoteOperations,
  ...longRecordingOperations,
  ...bulkActionOperations,
  ...tagOperations,
  ...highlightOperations,
  ...transcriptOperations,
  ...summaryOperations,
  ...speakerOperations,
  ...uploadOperations,
  ...liveOperations,
  ...searchOperations,
  ...shareOperations,
  ...exportImportOperations,
  ...webhookOperations,
  ...vocabularyOperations,
  ...adaptationOperations,
  ...apiTokenOperations,
  ...accountOperations,
  ...descriptionOperations,
];

/** The tags in the order the reference shows them, each with what it is about. */
export const API_TAGS: readonly { name: string; description: string }[] = [
  { name: 'Pads', description: 'Pads hold voice notes.' },
  { name: 'Voice notes', description: 'Recordings, their titles, transcripts and review.' },
  { name: 'Tags', description: 'Tags on notes, across pads.' },
  { name: 'Highlights', description: 'Moments and ranges of a note, with a label and a comment.' },
  { name: 'Transcripts', description: 'A transcript’s versions and exports.' },
  { name: 'Summaries', description: 'Summaries and action items by the operator’s language model.' },
  { name: 'Speakers', description: 'Who speaks in a note: names, turns, merges.' },
  { name: 'Transcription jobs', description: 'Following, retrying and repeating transcription.' },
  { name: 'Resumable uploads', description: 'Large recordings in pieces, over tus 1.0.0.' },
  { name: 'Live transcription', description: 'Words while you speak, over a WebSocket.' },
  { name: 'Search', description: 'Full-text search of pads and voice notes.' },
  { name: 'Stats', description: 'Totals of your account.' },
  { name: 'Settings', description: 'How your notes are transcribed.' },
  { name: 'Share links', description: 'Read-only public links to a note, a part of one, or a pad.' },
  { name: 'Export and import', description: 'Your notes as zips, and back.' },
  { name: 'Webhooks', description: 'Note events sent to your own endpoints, signed.' },
  { name: 'Vocabulary', description: 'Your own words, taught to the recogniser.' },
  { name: 'Adaptation', description: 'Personal models learnt from your reviewed notes.' },
  { name: 'API tokens', description: 'Tokens for scripts and OpenAI-compatible clients.' },
  { name: 'Account', description: 'The account itself.' },
  { name: 'API description', description: 'This document and its reference page.' },
];

/** Routes under /api/v1 that the document leaves out on purpose. */
export const UNDESCRIBED_ROUTES: readonly UndescribedRoute[] = [
  {
    method: 'GET',
    path: '/dev/outbox/',
    why: 'Development only (DEV_OUTBOX, loopback callers): the mail a development server would have sent.',
  },
];
