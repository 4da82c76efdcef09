import { describe, expect, it } from 'vitest';
import { attachmentDisposition, looksLikeAudio } from './upload-file.ts';

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
