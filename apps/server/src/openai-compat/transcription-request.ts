/**
 * One /v1/audio/transcriptions request once it is admitted: the form is received into the
 * request's temporary directory, the audio recognised, decoded and transcribed, filed as a
 * voice note when the request names a pad, and the answer rendered in the asked format.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { padExists } from '../pads/pads-repository.ts';
import type { DecodeAudio } from '../transcription/audio/audio-decoder.ts';
import type { PersonalModelLookup } from '../transcription/personal-model.ts';
import type { Transcriber } from '../transcription/transcriber.ts';
import { engineModelOf } from '../transcripts/transcript-versions.ts';
import type { FilingSettings } from '../voice-notes/file-within-quota.ts';
import { fileTranscribedNote, padNotFound } from './file-transcribed-note.ts';
import { render } from './formats.ts';
import { parseFields, receive } from './multipart-upload.ts';
import { OpenAiProblem } from './openai-problem.ts';
import { sniffUploadFile, transcribeUpload } from './transcribe-upload.ts';

/** Header naming the voice note filed when the request asked for `pad_id`. */
export const VOICE_NOTE_HEADER = 'x-voxpad-voice-note-id';

export interface Exchange {
  filing: FilingSettings;
  transcriber: () => Promise<Transcriber>;
  decodeAudio: DecodeAudio;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: string;
  /** This request's own temporary directory, removed by the caller on every path. */
  dir: string;
  /** Fires when the client goes away before its answer: the work stops. */
  gone: AbortSignal;
  /** The token owner's build (ADR 0040). */
  personalModel?: PersonalModelLookup | undefined;
}

export interface Answer {
  contentType: string;
  body: string;
  sizeBytes: number;
}

/** Receives, transcribes and files when asked; resolves to the answer and the upload's size. */
export async function transcribeRequest(exchange: Exchange, maxBytes: number): Promise<Answer> {
  const { filing, request, reply, userId, gone } = exchange;
  // A client gone before the parser listens for the end of its body would leave it waiting
  // forever (and this request's slot and file with it): checked in the same tick as it starts.
  gone.throwIfAborted();
  const upload = await receive(request, exchange.dir, maxBytes);
  gone.throwIfAborted();
  const fields = parseFields(upload.fields);
  if (!upload.file) {
    throw new OpenAiProblem(
      400,
      'The "file" field is required: attach the audio to transcribe.',
      'invalid_request_error',
      'file',
    );
  }
  const padId = fields.pad_id;
  if (padId !== undefined) {
    if (!(await padExists(filing.db, userId, padId))) throw padNotFound();
    await filing.quotas.roomFor(userId, upload.sizeBytes);
  }

  // Refuses what is not audio before the engine is asked.
  await sniffUploadFile(upload.file);
  const transcriber = await exchange.transcriber();
  const model = transcriber.name === 'pocketsphinx' ? await exchange.personalModel?.(userId) : undefined;
  const { transcript, durationSeconds } = await transcribeUpload({
    decodeAudio: exchange.decodeAudio,
    transcriber,
    bytes: { path: upload.file },
    language: fields.language,
    signal: gone,
    model: {
      model,
      onModelFailure: (reason) =>
        request.log.warn(
          { reason, buildId: model?.buildId },
          'personal model failed to open; decoded with stock',
        ),
    },
  });

  if (padId !== undefined) {
    const note = { ownerId: userId, padId, file: upload.file, fileName: upload.fileName };
    const madeBy = engineModelOf(transcriber);
    const noteId = await fileTranscribedNote(filing, request.log, note, {
      ...transcript,
      durationSeconds,
      madeBy,
    });
    reply.header(VOICE_NOTE_HEADER, noteId);
  }
  const { contentType, body } = render(
    transcript,
    fields.response_format,
    fields['timestamp_granularities[]'],
  );
  return { contentType, body, sizeBytes: upload.sizeBytes };
}
