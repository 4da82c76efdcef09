import { describe, expect, it } from 'vitest';
import { attachmentDisposition, fileRefusal, looksLikeAudio } from './upload-file.ts';

describe('attachmentDisposition', () => {
  it('quotes a plain name', () => {
    expect(attachmentDisposition('memo.mp3')).toBe('attachment; filename="memo.mp3"');
  });

  it('keeps headers ASCII and sends the real name as filename*', () => {
    expect(attachmentDisposition('Café "1";x.flac')).toBe(
      `attachment; filename="Caf_ _1__x.flac"; filename*=UTF-8''Caf%C3%A9%20%221%22%3Bx.flac`,
    );
  });

  it('drops any path', () => {
    expect(attachmentDisposition('C:\\Users\\me\\a.wav')).toBe('attachment; filename="a.wav"');
  });
});

describe('looksLikeAudio', () => {
  it('accepts audio types and known extensions, refuses the rest', () => {
    expect(looksLikeAudio({ name: 'x.bin', type: 'audio/ogg' })).toBe(true);
    expect(looksLikeAudio({ name: 'VOICE.M4A', type: '' })).toBe(true);
    expect(looksLikeAudio({ name: 'notes.pdf', type: 'application/pdf' })).toBe(false);
  });
});

describe('fileRefusal', () => {
  const MB = 1024 * 1024;

  it('lets an audio file within the limit go', () => {
    expect(fileRefusal({ name: 'memo.wav', type: 'audio/wav', size: 5 * MB }, 200 * MB)).toBeNull();
    expect(fileRefusal({ name: 'memo.wav', type: 'audio/wav', size: 200 * MB }, 200 * MB)).toBeNull();
  });

  it('refuses an empty file and says why', () => {
    expect(fileRefusal({ name: 'empty.wav', type: 'audio/wav', size: 0 }, 200 * MB)).toMatch(
      /“empty\.wav” is empty \(0 bytes\)/,
    );
    expect(fileRefusal({ name: 'empty.wav', type: 'audio/wav', size: 0 }, undefined)).not.toBeNull();
  });

  it('refuses a file over the server’s limit, naming both sizes', () => {
    expect(fileRefusal({ name: 'long.mp3', type: 'audio/mpeg', size: 300 * MB }, 200 * MB)).toBe(
      '“long.mp3” is 300 MB, more than the 200 MB this server takes. Choose a smaller file, or split the recording.',
    );
    // The limit unknown: the server decides.
    expect(fileRefusal({ name: 'long.mp3', type: 'audio/mpeg', size: 300 * MB }, undefined)).toBeNull();
  });

  it('refuses what is not audio', () => {
    expect(fileRefusal({ name: 'notes.pdf', type: 'application/pdf', size: 10 }, 200 * MB)).toMatch(
      /does not look like audio/,
    );
  });
});
