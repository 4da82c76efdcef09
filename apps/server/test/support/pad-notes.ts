/**
 * A pad to record into and the notes it holds, through the product API, for tests that file
 * notes by other ways than a plain upload (the live socket).
 */
import { expect } from 'vitest';
import type { Pad } from '@voxpad/shared/pads';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { TestClient } from './http-client.ts';

export async function createPad(client: TestClient, prefix: string): Promise<Pad> {
  const res = await client.request<Pad>('POST', '/api/v1/pad/', {
    json: { name: `${prefix} ${Math.random()}` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export async function notesOf(client: TestClient, padId: string): Promise<VoiceNote[]> {
  return (await client.get<{ results: VoiceNote[] }>(`/api/v1/pad/${padId}/voicenote/`)).body.results;
}

/** The pad's notes once it holds any, or none after `ms` (a cut stream is filed in the background). */
export async function waitForNotes(client: TestClient, padId: string, ms: number): Promise<VoiceNote[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const notes = await notesOf(client, padId);
    if (notes.length > 0 || Date.now() > deadline) return notes;
    await new Promise((r) => setTimeout(r, 250));
  }
}
