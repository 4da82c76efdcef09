/**
 * Recovered recordings the person put off ("Later"): not offered again in this tab until
 * Voxpad is next opened, while the audio stays saved on this device. Kept in sessionStorage,
 * which lasts exactly that long.
 */
const KEY = 'voxpad:recovery-later';

export function recoveriesPutOff(): ReadonlySet<string> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function putOffRecovery(id: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...recoveriesPutOff(), id]));
  } catch {
    // Storage full or refused: the recording is simply offered again.
  }
}
