import { useEffect, useState } from 'react';
import { LEVEL_HISTORY_SIZE, pushLevel } from '../utils/level-history.ts';

/**
 * The microphone's recent levels for a live waveform. `tick` changes with every meter reading
 * (the recorder's clock does), so a steady level still scrolls by; nothing is kept while idle.
 */
export function useLevelHistory(level: number, tick: number, recording: boolean): number[] {
  const [history, setHistory] = useState<number[]>([]);
  const [wasRecording, setWasRecording] = useState(recording);

  // A fresh recording starts from an empty waveform (state adjusted while rendering, not in an effect).
  if (recording !== wasRecording) {
    setWasRecording(recording);
    if (recording) setHistory([]);
  }

  useEffect(() => {
    if (!recording) return;
    setHistory((previous) => pushLevel(previous, level, LEVEL_HISTORY_SIZE));
  }, [level, tick, recording]);

  return history;
}
