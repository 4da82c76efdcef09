import { describe, expect, it } from 'vitest';
import { attachmentFileName } from '../../src/voice-notes/content-disposition.ts';
import { parseRange } from '../../src/voice-notes/audio-response.ts';
import { decodeCursor, encodeCursor, toPage } from '../../src/lib/cursor.ts';
import { isId, newId } from '../../src/lib/ids.ts';

describe('Content-Disposition', () => {
  it.each([
    ['attachment; filename="recording.wav"', 'recording.wav'],
    ['attachment; filename=recording.wav', 'recording.wav'],
    ["attachment; filename*=UTF-8''caf%C3%A9.wav", 'café.wav'],
    ['attachment; filename="a\\"b.wav"', 'a"b.wav'],
    ['attachment; filename="C:\\\\Users\\\\me\\\\memo.wav"', 'memo.wav'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
  ])('reads %s', (header, name) => {
    expect(attachmentFileName(header)).toBe(name);
  });

  it('is undefined when absent and null when unusable', () => {
    expect(attachmentFileName(undefined)).toBeUndefined();
    expect(attachmentFileName('inline; filename="a.wav"')).toBeNull();
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName('attachment; filename=""')).toBeNull();
    expect(attachmentFileName("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
  });
});

describe('Range', () => {
  it('parses single ranges and clamps the end', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
  });
  it('reports unsatisfiable ranges and ignores malformed ones', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange(undefined, 1000)).toBeUndefined();
  });
});

describe('ids and cursors', () => {
  it('makes strictly increasing ids, even within one millisecond', () => {
    const now = Date.now();
    const ids = Array.from({ length: 1000 }, () => newId(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isId)).toBe(true);
  });

  it('round-trips cursors and rejects tampered ones', () => {
    const id = newId();
    expect(decodeCursor(encodeCursor({ direction: 'after', id }))).toEqual({ direction: 'after', id });
    expect(decodeCursor('garbage')).toBeUndefined();
    expect(decodeCursor(Buffer.from("a:' or 1=1 --").toString('base64url'))).toBeUndefined();
  });

  it('builds pages with neighbours only where they exist', () => {
    const rows = Array.from({ length: 3 }, () => ({ id: newId() })).reverse();
    const first = toPage(rows, 2, undefined);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).not.toBeNull();
    const only = toPage(rows.slice(0, 2), 2, undefined);
    expect(only.next).toBeNull();
  });
});
