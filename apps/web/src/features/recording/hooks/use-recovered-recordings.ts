import { useCallback, useEffect, useState } from 'react';
import { recordingsHeldHere, recordingsInProgress } from '../storage/recording-locks.ts';
import {
  deleteRecording,
  listRecordings,
  readChunks,
  type StoredRecording,
} from '../storage/recording-store.ts';
import { putOffRecovery, recoveriesPutOff } from '../storage/recovery-later.ts';
import { assembleAudio } from '../utils/assemble-audio.ts';
import { recoverableRecordings, recoveredSeconds } from '../utils/recoverable.ts';
import { announceRecordingsChanged, onRecordingsChanged } from '../utils/recordings-changed.ts';
import type { Recording } from './use-recorder.ts';

async function findRecoverable(): Promise<StoredRecording[]> {
  try {
    const [saved, inProgress] = await Promise.all([listRecordings(), recordingsInProgress()]);
    return recoverableRecordings(saved, inProgress, recordingsHeldHere(), Date.now());
  } catch {
    // No IndexedDB here: nothing was saved, so nothing to offer.
    return [];
  }
}

/** The saved recording as one finished recording, ready to hand over. */
export async function recoveredRecording(recording: StoredRecording): Promise<Recording> {
  const pieces = await readChunks(recording.id);
  return {
    id: recording.id,
    padId: recording.padId,
    audio: assembleAudio(pieces, recording),
    fileName: recording.fileName,
    mimeType: recording.mimeType,
    durationSeconds: recoveredSeconds(recording),
  };
}

/**
 * Recordings cut short by a reload, a crash or a closed tab (or finished but never handed
 * over), from this device's recording store, to offer back: upload, discard, or later. Looked for again
 * when the page shows and whenever a recorder on this page saves or hands one over.
 */
export function useRecoveredRecordings() {
  const [recordings, setRecordings] = useState<StoredRecording[]>([]);

  const refresh = useCallback(async () => {
    const found = await findRecoverable();
    // Nothing was saved in time (a reload in the first seconds): nothing to offer.
    const empty = found.filter((recording) => recording.chunkCount === 0);
    await Promise.all(empty.map((recording) => deleteRecording(recording.id).catch(() => undefined)));
    const putOff = recoveriesPutOff();
    setRecordings(found.filter((recording) => recording.chunkCount > 0 && !putOff.has(recording.id)));
  }, []);

  useEffect(() => {
    void refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stopListening = onRecordingsChanged(() => void refresh());
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    };
  }, [refresh]);

  /** Hands the recording to `take`; once it resolves, this device's copy is removed. */
  const handOver = useCallback(
    async (recording: StoredRecording, take: (recording: Recording) => Promise<void>) => {
      await take(await recoveredRecording(recording));
      await deleteRecording(recording.id);
      announceRecordingsChanged();
    },
    [],
  );

  const discard = useCallback(async (recording: StoredRecording) => {
    await deleteRecording(recording.id);
    announceRecordingsChanged();
  }, []);

  /** Stops offering it until Voxpad is next opened; the audio stays saved on this device. */
  const later = useCallback((recording: StoredRecording) => {
    putOffRecovery(recording.id);
    announceRecordingsChanged();
  }, []);

  return { recordings, handOver, discard, later };
}
