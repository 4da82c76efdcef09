/**
 * Uploading a recording through the product API and waiting for the worker (ROLE=all) to
 * finish or fail its transcription, for the files that transcribe through the API.
 */
import { expect } from 'vitest';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { TranscriptionState } from '../../src/transcripts/transcription-state.ts';
import type { TestClient } from './http-client.ts';

export const notePath = (padId: string, id: string) => `/api/v1/pad/${padId}/voicenote/${id}`;

/** Uploads `bytes` as a voice note (201 expected), titled when `title` is given. */
export async function uploadNote(
  client: TestClient,
  padId: string,
  { bytes, type, name, title }: { bytes: Uint8Array; type: string; name: string; title?: string },
): Promise<VoiceNote> {
  const res = await client.request<VoiceNote>('POST', `/api/v1/pad/${padId}/voicenote/`, {
    body: bytes,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` },
  });
  expect(res.status, res.text).toBe(201);
  if (title) {
    await client.request('PATCH', `${notePath(padId, res.body.id)}/`, { json: { title } });
  }
  return res.body;
}

/** The note and its transcription state once it is done or failed. */
export async function settledNote(
  client: TestClient,
  padId: string,
  id: string,
  timeoutMs = 60_000,
): Promise<VoiceNote & TranscriptionState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const note = (await client.get<VoiceNote>(`${notePath(padId, id)}/`)).body;
    const state = (await client.get<TranscriptionState>(`${notePath(padId, id)}/progress/`)).body;
    if (note.status === 'done' || note.status === 'failed') return { ...note, ...state };
    if (Date.now() > deadline) throw new Error(`note ${id} still ${note.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Share of `keywords` heard as words of `text`. */
export function keywordShare(keywords: readonly string[], text: string | null): number {
  const words = new Set((text ?? '').split(/\s+/));
  return keywords.filter((k) => words.has(k)).length / keywords.length;
}
