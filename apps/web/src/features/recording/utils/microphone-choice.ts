const STORAGE_KEY = 'voxpad:microphone';

export interface MicrophoneOption {
  /** '' is the system's default microphone. */
  id: string;
  label: string;
}

export const DEFAULT_MICROPHONE: MicrophoneOption = { id: '', label: 'Default microphone' };

/**
 * The microphones to choose from: the default first, then each input the browser lists.
 * Before microphone access is granted browsers list no names (or nothing), so unnamed ones are
 * numbered; the browser's own "default" and "communications" aliases are left out.
 */
export function microphoneOptions(
  devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[],
): MicrophoneOption[] {
  const inputs = devices.filter(
    (device) =>
      device.kind === 'audioinput' &&
      device.deviceId !== '' &&
      device.deviceId !== 'default' &&
      device.deviceId !== 'communications',
  );
  return [
    DEFAULT_MICROPHONE,
    ...inputs.map((device, index) => ({
      id: device.deviceId,
      label: device.label || `Microphone ${index + 1}`,
    })),
  ];
}

export function loadMicrophoneChoice(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveMicrophoneChoice(id: string): void {
  try {
    if (id) localStorage.setItem(STORAGE_KEY, id);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}
