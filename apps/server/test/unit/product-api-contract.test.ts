import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/api-description/openapi-document.ts';
import { ProductApiContract, type Answer } from '../conformance/product-api-contract.ts';

/** What the API projects' recorder checks each answer for (ADR 0049): each way it can fail. */
const contract = new ProductApiContract(openApiDocument());

const pad = {
  id: 'p1',
  name: 'Bees',
  description: '',
  color: 'amber',
  icon: null,
  voice_note_count: 0,
  total_duration_seconds: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const answer = (overrides: Partial<Answer>): Answer => ({
  method: 'GET',
  route: '/api/v1/pad/:padId/',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  headers: {},
  text: JSON.stringify(pad),
  ...overrides,
});
const error = (status: number) => JSON.stringify({ status, errors: [{ code: 'x', message: 'Words.' }] });

describe('checking an answer against the document', () => {
  it('accepts an answer that conforms, and names the operation by its template', () => {
    expect(contract.check(answer({}))).toEqual({ operation: 'GET /api/v1/pad/{padId}/', status: 200 });
    expect(contract.check(answer({ status: 404, text: error(404) })).problem).toBeUndefined();
  });

  it('refuses a status the operation does not document, but takes any 5xx as the default', () => {
    expect(contract.check(answer({ status: 409, text: error(409) })).problem).toMatch(
      /answered 409; the document lists 200, 401, 404, default/,
    );
    expect(contract.check(answer({ status: 503, text: error(503) })).problem).toBeUndefined();
  });

  it('refuses a body its schema refuses: an unknown field, a wrong type, an error without errors', () => {
    expect(contract.check(answer({ text: JSON.stringify({ ...pad, secret: 1 }) })).problem).toMatch(
      /additional properties/,
    );
    expect(
      contract.check(answer({ text: JSON.stringify({ ...pad, voice_note_count: '1' }) })).problem,
    ).toMatch(/must be integer/);
    expect(
      contract.check(answer({ status: 404, text: JSON.stringify({ status: 404, errors: [] }) })).problem,
    ).toMatch(/fewer than 1/);
    expect(contract.check(answer({ text: 'not json' })).problem).toMatch(/not JSON/);
  });

  it('refuses a media type the operation does not list, and a body where none is described', () => {
    expect(contract.check(answer({ contentType: 'text/html' })).problem).toMatch(/as text\/html/);
    const deleted = { method: 'DELETE', status: 204, contentType: undefined };
    expect(contract.check(answer({ ...deleted, text: '' })).problem).toBeUndefined();
    expect(contract.check(answer({ ...deleted, text: 'surprise' })).problem).toMatch(/does not describe/);
    const audio = { route: '/api/v1/pad/:padId/voicenote/:noteId/audio/', text: undefined };
    expect(contract.check(answer({ ...audio, contentType: 'audio/webm' })).problem).toBeUndefined();
    expect(contract.check(answer({ ...audio, contentType: 'text/plain' })).problem).toMatch(
      /lists audio\/\*/,
    );
  });

  it('refuses an answer without a header it marks required', () => {
    const list = {
      route: '/api/v1/pad/',
      text: JSON.stringify({ next: null, previous: null, results: [pad] }),
    };
    expect(contract.check(answer(list)).problem).toMatch(/without ETag/);
    expect(contract.check(answer({ ...list, headers: { etag: 'W/"1"' } })).problem).toBeUndefined();
  });

  it('checks HEAD of a GET by status alone, knows no other operation, and leaves out the undescribed', () => {
    expect(contract.check(answer({ method: 'HEAD', text: '' }))).toEqual({
      operation: 'HEAD /api/v1/pad/{padId}/',
      status: 200,
    });
    expect(contract.check(answer({ method: 'PATCH' })).problem).toBe('the document has no such operation');
    expect(contract.check(answer({ route: '/api/v1/dev/outbox/' })).undescribed).toBe(true);
  });
});
