import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useCallback, useMemo, useReducer, useRef } from 'react';
import { LiveStream, type LiveStreamInput } from '../live-stream.ts';
import {
  initialTranscriptState,
  transcriptReducer,
  type TranscriptState,
} from '../utils/transcript-state.ts';

export interface LiveTranscript {
  state: TranscriptState;
  /** Streams the recorder's microphone to the pad (not offline); any earlier stream is ended. */
  start: (input: LiveStreamInput) => void;
  pause: () => void;
  resume: () => void;
  /** Sends the last audio and "stop". Call at Stop, before the recorder closes its AudioContext. */
  finish: () => Promise<void>;
  /** The note the server filed from the stream, or null: then the recording is uploaded as usual. */
  filed: () => Promise<VoiceNote | null>;
  /** Ends the stream, filing nothing, and clears the transcript. */
  abort: () => void;
}

/**
 * The live transcript of the recording in progress (issue 13): the recorder starts it with its
 * AudioContext and microphone source, and at Stop asks whether the server filed the note. The
 * functions are stable, so the recorder's callbacks can hold them.
 */
export function useLiveTranscript(): LiveTranscript {
  const [state, dispatch] = useReducer(transcriptReducer, initialTranscriptState);
  const streamRef = useRef<LiveStream | null>(null);
  // Only the latest stream speaks: one ended or replaced says nothing more.
  const generationRef = useRef(0);

  const abort = useCallback(() => {
    generationRef.current += 1;
    const stream = streamRef.current;
    streamRef.current = null;
    stream?.abort();
    dispatch({ type: 'reset' });
  }, []);

  const start = useCallback(
    (input: LiveStreamInput) => {
      abort();
      // Offline there is nothing to reach: the outbox uploads the recording once back online.
      if (!navigator.onLine) return;
      const generation = generationRef.current;
      try {
        streamRef.current = new LiveStream(input, (action) => {
          if (generationRef.current === generation) dispatch(action);
        });
      } catch {
        // No WebSocket here (or a refused address): the recording goes on without it.
        dispatch({ type: 'connecting' });
        dispatch({ type: 'dropped' });
      }
    },
    [abort],
  );

  const pause = useCallback(() => streamRef.current?.pause(), []);
  const resume = useCallback(() => streamRef.current?.resume(), []);
  const finish = useCallback(async () => {
    await streamRef.current?.finish();
  }, []);
  const filed = useCallback(async () => {
    const stream = streamRef.current;
    if (!stream) return null;
    const note = await stream.filed();
    if (streamRef.current === stream) streamRef.current = null;
    return note;
  }, []);

  return useMemo(
    () => ({ state, start, pause, resume, finish, filed, abort }),
    [state, start, pause, resume, finish, filed, abort],
  );
}
