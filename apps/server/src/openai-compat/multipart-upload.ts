import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { transcriptionFieldsSchema, type TranscriptionFields } from '@voxpad/shared/openai-compat';
import { fileTooLarge, OpenAiProblem } from './openai-problem.ts';

/** A request's form: the audio saved as a file, and the other fields as sent. */
export interface Upload {
  file: string | undefined;
  fileName: string | undefined;
  sizeBytes: number;
  fields: Record<string, string | string[]>;
}

/** Reads every part: the audio streams to a file in `dir`, the other fields are collected. */
export async function receive(request: FastifyRequest, dir: string, maxBytes: number): Promise<Upload> {
  const upload: Upload = { file: undefined, fileName: undefined, sizeBytes: 0, fields: {} };
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || upload.file) {
        part.file.resume();
        continue;
      }
      const target = path.join(dir, 'upload');
      try {
        await pipeline(part.file, createWriteStream(target));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
        throw error;
      }
      if (part.file.truncated) throw fileTooLarge(maxBytes);
      upload.file = target;
      upload.fileName = part.filename;
      upload.sizeBytes = (await stat(target)).size;
    } else {
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const name =
        part.fieldname === 'timestamp_granularities' ? 'timestamp_granularities[]' : part.fieldname;
      const previous = upload.fields[name];
      if (name === 'timestamp_granularities[]') {
        upload.fields[name] = [...(Array.isArray(previous) ? previous : []), value];
      } else {
        upload.fields[name] = value;
      }
    }
  }
  return upload;
}

/** The form's fields by the shared schema; `voxpad_pad_id` is the older name of `pad_id`. */
export function parseFields(raw: Record<string, string | string[]>): TranscriptionFields {
  const input: Record<string, unknown> = { ...raw };
  if (input.pad_id === undefined && input.voxpad_pad_id !== undefined) input.pad_id = input.voxpad_pad_id;
  delete input.voxpad_pad_id;
  if (input.language === '') delete input.language;
  const result = transcriptionFieldsSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = issue.path.map(String).join('.') || null;
  throw new OpenAiProblem(400, `${param ?? 'request'}: ${issue.message}`, 'invalid_request_error', param);
}
