export type RecorderErrorKind =
  'permission-denied' | 'no-microphone' | 'busy' | 'unsupported' | 'too-short' | 'not-saving' | 'failed';

export interface RecorderError {
  kind: RecorderErrorKind;
  message: string;
}

const errorName = (error: unknown) =>
  error instanceof DOMException || error instanceof Error ? error.name : '';

export function describeMicrophoneError(error: unknown): RecorderError {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return {
        kind: 'permission-denied',
        message:
          'Microphone access was denied. Allow microphone access for this site in your browser settings (usually the icon in the address bar), then press Record again.',
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return {
        kind: 'no-microphone',
        message: 'No microphone was found. Connect one and press Record again.',
      };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        kind: 'busy',
        message: 'The microphone could not be started. Another app may be using it; close it and try again.',
      };
    default:
      return { kind: 'failed', message: 'Recording could not start. Please try again.' };
  }
}

const VOICE = { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true };

/**
 * The chosen microphone ('' for the default). One that has gone (unplugged since it was
 * chosen) gives way to the default rather than failing the recording.
 */
export async function openMicrophone(deviceId: string): Promise<MediaStream> {
  if (deviceId) {
    try {
      return await navigator.mediaDevices.getUserMedia({
        audio: { ...VOICE, deviceId: { exact: deviceId } },
      });
    } catch (error) {
      const name = errorName(error);
      if (name !== 'NotFoundError' && name !== 'OverconstrainedError') throw error;
    }
  }
  return navigator.mediaDevices.getUserMedia({ audio: VOICE });
}
