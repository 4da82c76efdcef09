import { afterEach, describe, expect, it } from 'vitest';
import { loadMicrophoneChoice, microphoneOptions, saveMicrophoneChoice } from './microphone-choice.ts';

afterEach(() => localStorage.clear());

describe('microphoneOptions', () => {
  it('lists the default first, then the inputs, without the browser’s aliases or outputs', () => {
    const options = microphoneOptions([
      { deviceId: 'default', kind: 'audioinput', label: 'Default - Headset' },
      { deviceId: 'communications', kind: 'audioinput', label: 'Communications - Headset' },
      { deviceId: 'a1', kind: 'audioinput', label: 'Headset' },
      { deviceId: 'a2', kind: 'audioinput', label: '' },
      { deviceId: 'o1', kind: 'audiooutput', label: 'Speakers' },
    ]);
    expect(options).toEqual([
      { id: '', label: 'Default microphone' },
      { id: 'a1', label: 'Headset' },
      { id: 'a2', label: 'Microphone 2' },
    ]);
  });

  it('offers only the default before access is granted (ids are hidden then)', () => {
    expect(microphoneOptions([{ deviceId: '', kind: 'audioinput', label: '' }])).toEqual([
      { id: '', label: 'Default microphone' },
    ]);
  });
});

describe('the remembered microphone', () => {
  it('is kept on this device, and choosing the default forgets it', () => {
    expect(loadMicrophoneChoice()).toBe('');
    saveMicrophoneChoice('a1');
    expect(loadMicrophoneChoice()).toBe('a1');
    saveMicrophoneChoice('');
    expect(loadMicrophoneChoice()).toBe('');
  });
});
