/** Told when saved recordings were added, handed over or discarded, so every list on the page refreshes. */
const EVENT = 'voxpad:recordings-changed';

export function announceRecordingsChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onRecordingsChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
