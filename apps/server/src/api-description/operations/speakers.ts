import { mergeSpeakersSchema, reassignSpeakersSchema, renameSpeakerSchema } from '@voxpad/shared/speakers';
import { voiceNoteSchema } from '@voxpad/shared/voice-notes';
import { jsonBody, named, notFound, ok, problem, type ApiOperation } from '../operation.ts';
import { NOTE } from './path-params.ts';

const VoiceNote = named('VoiceNote', voiceNoteSchema);
const busyOrNone = problem(
  'The note is being transcribed (wait until it has finished), or it has no speakers yet (`no_speakers`).',
);

/** A note's speakers (ADR 0053): each edit is kept as a version and through re-transcription. */
export const speakerOperations: ApiOperation[] = [
  {
    method: 'PATCH',
    path: '/pad/{padId}/voicenote/{noteId}/speakers/{speakerId}/',
    id: 'renameSpeaker',
    tag: 'Speakers',
    summary: 'Rename a speaker',
    description: 'The name shows everywhere in the note: transcript, player, search and every export.',
    auth: 'session',
    pathParams: { ...NOTE, speakerId: 'The speaker’s id in this note, e.g. `S1`.' },
    body: jsonBody(named('RenameSpeaker', renameSpeakerSchema), { name: 'Ana' }),
    responses: {
      200: ok('The note with the new name.', VoiceNote),
      400: problem('The name is empty or longer than 60 characters.'),
      404: notFound('The voice note or the speaker'),
      409: busyOrNone,
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/{noteId}/speakers/reassign/',
    id: 'reassignSpeakers',
    tag: 'Speakers',
    summary: 'Say who speaks a segment or some words, or split a speaker off',
    description:
      '`{speaker, segment}` gives a whole segment to a speaker; `{speaker, segment, words: {from, to}}` the ' +
      'words `from`..`to` of that segment (without `segment`, word numbers count the whole note); ' +
      '`{split_from: {segment, word}}` gives a new speaker everything from that word to the end of the turn. ' +
      'A segment whose words then have two speakers is cut where they change.',
    auth: 'session',
    pathParams: NOTE,
    body: jsonBody(named('ReassignSpeakers', reassignSpeakersSchema), { speaker: 'S2', segment: 3 }),
    responses: {
      200: ok('The note with its segments’ speakers now.', VoiceNote),
      400: problem('The body is none of the three forms, or a segment or word number is past the end.'),
      404: notFound('The voice note or the speaker'),
      409: busyOrNone,
    },
  },
  {
    method: 'POST',
    path: '/pad/{padId}/voicenote/{noteId}/speakers/merge/',
    id: 'mergeSpeakers',
    tag: 'Speakers',
    summary: 'Merge two speakers',
    description: 'Everything `from` says is said by `into`; `from` is no longer one of the note’s speakers.',
    auth: 'session',
    pathParams: NOTE,
    body: jsonBody(named('MergeSpeakers', mergeSpeakersSchema), { from: 'S3', into: 'S1' }),
    responses: {
      200: ok('The note with one speaker fewer.', VoiceNote),
      400: problem('`from` or `into` is missing, or they are the same speaker.'),
      404: notFound('The voice note or one of the speakers'),
      409: busyOrNone,
    },
  },
];
