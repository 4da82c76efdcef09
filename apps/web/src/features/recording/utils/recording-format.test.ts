import { describe, expect, it } from 'vitest';
import { pickRecordingFormat } from './recording-format.ts';

describe('pickRecordingFormat', () => {
  it('records Opus in WebM where MediaRecorder can', () => {
    expect(pickRecordingFormat((type) => type === 'audio/webm;codecs=opus')).toEqual({
      kind: 'compressed',
      mimeType: 'audio/webm;codecs=opus',
      fileName: 'recording.webm',
    });
  });

  it('takes Ogg/Opus where WebM is not offered (Firefox without WebM recording)', () => {
    expect(pickRecordingFormat((type) => type.startsWith('audio/ogg'))).toMatchObject({
      kind: 'compressed',
      mimeType: 'audio/ogg;codecs=opus',
      fileName: 'recording.ogg',
    });
  });

  it('falls back to WAV without MediaRecorder, without Opus (Safari’s MP4 only) or when asking throws', () => {
    const wav = { kind: 'pcm', mimeType: 'audio/wav', fileName: 'recording.wav' };
    expect(pickRecordingFormat(undefined)).toEqual(wav);
    expect(pickRecordingFormat((type) => type === 'audio/mp4')).toEqual(wav);
    expect(
      pickRecordingFormat(() => {
        throw new TypeError('unknown type');
      }),
    ).toEqual(wav);
  });
});
