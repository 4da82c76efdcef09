import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { useEffect, useMemo, useRef } from 'react';

/** The recording's audio, for a stream that follows it. */
export interface LiveInput {
  context: AudioContext;
  source: MediaStreamAudioSourceNode;
  padId: string;
}

/**
 * A stream that follows a recording made into a pad and may have the server file it by Stop:
 * the live transcript's. The page that composes the recorder passes it in; the recorder knows
 * it only by this shape.
 */
export interface LiveStreamPort {
  /** Any earlier stream is ended. */
  start(input: LiveInput): void;
  pause(): void;
  resume(): void;
  /** Sends the last audio and "stop"; called at Stop, before the AudioContext closes. */
  finish(): Promise<void>;
  /** The note the server filed from the stream, or null: then the recording is uploaded as usual. */
  filed(): Promise<VoiceNote | null>;
  /** Ends the stream, filing nothing. */
  abort(): void;
}

export interface LiveFiling {
  stream: LiveStreamPort;
  /**
   * Takes the note the server filed, with the moments marked while recording (seconds); the
   * recording then goes to it instead of `onRecorded`.
   */
  onFiled: (note: VoiceNote, marks: readonly number[]) => unknown;
  /**
   * The pad to stream a recording into that has none yet (the header's Inbox), asked as the
   * microphone is: null (or a failure) records without a live stream.
   */
  padFor?: () => Promise<string | null>;
}

/**
 * The recorder's side of the live stream: stable calls that reach the latest `live` the page
 * gave, and do nothing (`filed` answers null) when it gave none.
 */
export function useLiveFiling(live: LiveFiling | undefined) {
  const latest = useRef(live);
  useEffect(() => {
    latest.current = live;
  }, [live]);
  return useMemo(
    () => ({
      /** The pad the stream goes to: the recording's own, else the one the page finds for it. */
      padFor: async (padId: string | null): Promise<string | null> => {
        if (padId) return padId;
        try {
          return (await latest.current?.padFor?.()) ?? null;
        } catch {
          return null;
        }
      },
      /** Streams the recording when the page asked for it and the recording goes into a pad. */
      start: (input: LiveInput) => latest.current?.stream.start(input),
      pause: () => latest.current?.stream.pause(),
      resume: () => latest.current?.stream.resume(),
      finish: async () => {
        await latest.current?.stream.finish();
      },
      filed: async (): Promise<VoiceNote | null> => (await latest.current?.stream.filed()) ?? null,
      abort: () => latest.current?.stream.abort(),
      onFiled: (note: VoiceNote, marks: readonly number[]) => latest.current?.onFiled(note, marks),
    }),
    [],
  );
}
