import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import type { NoteEvents } from '../lib/note-events.ts';
import { type ApiProblem, badRequest, notFound } from '../http/api-problem.ts';
import { byteLimit, ByteLimitExceeded } from '../http/byte-limit.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { StorageUnavailableError } from '../storage/storage-errors.ts';
import { padExists } from '../pads/pads-repository.ts';
import { finishedColumns, queuedColumns } from '../jobs/transcription-queue.ts';
import { provisionalTitle } from '../transcripts/note-title.ts';
import {
  type CarriedTranscript,
  type EngineTranscript,
  storeCarriedTranscript,
  storeEngineTranscript,
} from '../transcripts/transcript-store.ts';
import { AudioDecodeError } from '../transcription/audio/errors.ts';
import { wavDurationSeconds } from '../transcription/audio/wav.ts';
import { SNIFF_BYTES, sniffLength } from '../transcription/audio/audio-format.ts';
import { inspectAudio, type InspectedAudio } from '../transcription/audio/audio-inspection.ts';
import { discardRest, readHead, resumeBody } from './request-head.ts';
import {
  damagedWav,
  emptyUpload,
  interrupted,
  tooLarge,
  tooLong,
  unsupportedAudio,
} from './upload-problems.ts';
import { presentVoiceNote } from './voice-note-presenter.ts';
import { findVoiceNote, insertVoiceNote } from './voice-notes-repository.ts';

export interface FilingDeps {
  db: Db;
  storage: BlobStorage;
  maxBytes: number;
  maxDurationSeconds: number;
  /** Tells the transcription queue there is work. */
  onQueued: () => void;
  /** Told how many bytes of audio each new note stored (metrics). */
  onStored?: (sizeBytes: number) => void;
  /** Told of each note filed (webhooks), once it is kept within the owner's quota. */
  events?: NoteEvents | undefined;
}

export interface NewVoiceNote {
  ownerId: string;
  padId: string;
  /** The name the file had on the client, if any; "recording.*" counts as none. */
  fileName: string | undefined;
  /** The audio. Its bytes decide the format; no declared type is trusted. */
  body: Readable;
  /**
   * The transcript, when it was made before filing (the OpenAI-compatible endpoint): the note
   * is filed finished, with the text as its first engine version, and never queued.
   */
  transcribed?: EngineTranscript & { durationSeconds: number };
  /**
   * A note carried over from an export (ADR 0047): filed with its title, time, duration and
   * transcript as they were, finished when it has a transcript and queued when it has none.
   */
  carried?: CarriedNote;
  /** How many people speak (1..8), as the upload said; null or absent: found out (ADR 0053). */
  speakersHint?: number | null;
}

export interface CarriedNote {
  title: string;
  titleSource: 'default' | 'file' | 'user' | 'transcript';
  createdAt: number;
  durationSeconds: number | null;
  transcript: CarriedTranscript | undefined;
}

/**
 * The one way a voice note is filed: checks the pad, sniffs the audio, streams it into blob
 * storage under a fresh key, records the note and queues it. Whatever goes wrong (interrupted,
 * too large, too long, empty, not audio, the pad deleted meanwhile), neither a note nor a blob
 * stays behind. Every entry point (raw upload, resumable upload) calls this.
 */
export async function fileVoiceNote(deps: FilingDeps, input: NewVoiceNote): Promise<VoiceNote> {
  const { ownerId, padId, body } = input;
  if (!(await padExists(deps.db, ownerId, padId))) {
    discardRest(body, deps.maxBytes);
    throw notFound('This pad');
  }

  const head = await readAudioHead(body).catch((error: unknown) => {
    throw body.destroyed && !body.readableEnded ? interrupted() : error;
  });
  let inspected: InspectedAudio;
  try {
    inspected = inspect(head, deps.maxDurationSeconds);
  } catch (problem) {
    discardRest(body, deps.maxBytes);
    throw problem;
  }

  const now = Date.now();
  const id = newId(now);
  const storageKey = `audio/${ownerId}/${id}.${inspected.format.extension}`;
  const sizeBytes = await store(deps, storageKey, head, body);
  const remove = () => deps.storage.delete(storageKey);

  let durationSeconds: number | null = null;
  if (inspected.wav) {
    durationSeconds = wavDurationSeconds(inspected.wav, sizeBytes);
    if (durationSeconds > deps.maxDurationSeconds) {
      await remove();
      throw tooLong(durationSeconds, deps.maxDurationSeconds);
    }
  }

  const { transcribed, carried } = input;
  const carriedTranscript = carried?.transcript;
  const note = {
    id,
    pad_id: padId,
    owner_id: ownerId,
    ...(carried
      ? { title: carried.title, title_source: carried.titleSource }
      : provisionalTitle(input.fileName)),
    content_type: inspected.format.mime,
    size_bytes: sizeBytes,
    storage_key: storageKey,
    duration_seconds: transcribed?.durationSeconds ?? carried?.durationSeconds ?? durationSeconds,
    created_at: carried?.createdAt ?? now,
    updated_at: now,
    speakers_hint: input.speakersHint ?? null,
  };
  const finished = transcribed !== undefined || carriedTranscript !== undefined;
  try {
    if (transcribed) {
      await deps.db.transaction().execute(async (trx) => {
        await insertVoiceNote(trx, { ...note, ...finishedColumns() });
        await storeEngineTranscript(trx, { id, ownerId }, transcribed, now);
      });
    } else if (carriedTranscript) {
      await deps.db.transaction().execute(async (trx) => {
        await insertVoiceNote(trx, { ...note, ...finishedColumns() });
        await storeCarriedTranscript(trx, { id, ownerId }, carriedTranscript, now);
      });
    } else {
      await insertVoiceNote(deps.db, { ...note, ...queuedColumns() });
    }
  } catch (error) {
    // The pad may have been deleted while the audio streamed in.
    await remove();
    if (!(await padExists(deps.db, ownerId, padId))) throw notFound('This pad');
    throw error;
  }
  if (!finished) deps.onQueued();
  deps.onStored?.(sizeBytes);
  const row = await findVoiceNote(deps.db, ownerId, padId, id);
  if (!row) throw notFound('This voice note');
  // A note just filed has no tags yet.
  return presentVoiceNote(row, []);
}

/** The first bytes, as many as it takes to see past an ID3 tag to the audio. */
async function readAudioHead(body: Readable): Promise<Buffer> {
  let head = await readHead(body, SNIFF_BYTES);
  while (sniffLength(head) > head.length) {
    const more = await readHead(body, sniffLength(head) - head.length);
    if (more.length === 0) break;
    head = Buffer.concat([head, more]);
  }
  return head;
}

/**
 * What the first bytes say: the format, and for WAV whether it is too long already. Also run
 * by resumable uploads on their first bytes, so a wrong file is refused before the rest comes.
 */
export function inspect(head: Buffer, maxDurationSeconds: number): InspectedAudio {
  let inspected: InspectedAudio;
  try {
    inspected = inspectAudio(head);
  } catch (error) {
    throw error instanceof AudioDecodeError ? refusal(error) : error;
  }
  const { wav } = inspected;
  if (wav?.dataBytes !== undefined) {
    const declaredSeconds = wav.dataBytes / wav.byteRate;
    if (declaredSeconds > maxDurationSeconds) throw tooLong(declaredSeconds, maxDurationSeconds);
  }
  return inspected;
}

function refusal(error: AudioDecodeError): ApiProblem {
  switch (error.code) {
    case 'empty_audio':
      return emptyUpload();
    case 'unsupported_format':
      return unsupportedAudio();
    case 'not_wav':
    case 'truncated':
      return damagedWav();
    default:
      return badRequest(error.message, 'file');
  }
}

/** Streams head + rest to storage within the size limit; on any failure nothing stays. */
async function store(deps: FilingDeps, storageKey: string, head: Buffer, rest: Readable): Promise<number> {
  const limited = new PassThrough();
  const writing = deps.storage.put(storageKey, limited);
  try {
    await pipeline(resumeBody(rest, head), byteLimit(deps.maxBytes), limited);
    return (await writing).sizeBytes;
  } catch (error) {
    discardRest(rest, deps.maxBytes);
    // Let storage finish removing its partial file before answering.
    const storeFailure = await writing.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    // The store itself is down (answered 503): it has already let go of the partial upload.
    if (storeFailure instanceof StorageUnavailableError) throw storeFailure;
    await deps.storage.delete(storageKey);
    if (error instanceof ByteLimitExceeded) throw tooLarge(deps.maxBytes);
    if (rest.destroyed && !rest.readableEnded) throw interrupted();
    throw error;
  }
}
