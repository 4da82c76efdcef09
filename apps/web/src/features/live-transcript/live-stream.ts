import type { VoiceNote } from '@voxpad/shared/voice-notes';
import type { LiveStartMessage } from '@voxpad/shared/live-transcription';
import { liveStartMessage } from './api/live-messages.ts';
import { LiveSocket, type LiveSocketEvent } from './api/live-socket.ts';
import { liveTranscriptUrl } from './api/live-url.ts';
import { startPcmTap, type PcmTap } from './capture/pcm-tap.ts';
import type { TranscriptAction } from './utils/transcript-state.ts';

/** How long Stop waits for the server to file the note before the upload path takes over. */
export const FILED_TIMEOUT_MS = 20_000;

export interface LiveStreamInput {
  context: AudioContext;
  source: MediaStreamAudioSourceNode;
  padId: string;
  /** How many people speak, when the person said (ADR 0053). */
  speakers?: number | undefined;
}

/**
 * One recording's live stream: the PCM tap on the recorder's microphone feeding the socket,
 * reported as transcript actions. It never holds the recording up: whatever goes wrong, it
 * drops itself and `filed()` answers null, so the recording is uploaded as usual.
 */
export class LiveStream {
  readonly #socket: LiveSocket;
  readonly #dispatch: (action: TranscriptAction) => void;
  readonly #tap: Promise<PcmTap | null>;
  readonly #filed: Promise<VoiceNote | null>;
  #settle: (note: VoiceNote | null) => void = () => undefined;
  #tapStopped = false;

  constructor(
    { context, source, padId, speakers }: LiveStreamInput,
    dispatch: (action: TranscriptAction) => void,
    openSocket: (
      url: string,
      onEvent: (event: LiveSocketEvent) => void,
      start: LiveStartMessage,
    ) => LiveSocket = LiveSocket.open,
  ) {
    this.#dispatch = dispatch;
    this.#filed = new Promise((resolve) => {
      this.#settle = resolve;
    });
    dispatch({ type: 'connecting' });
    this.#socket = openSocket(
      liveTranscriptUrl(padId),
      (event) => this.#event(event),
      liveStartMessage(speakers),
    );
    this.#tap = startPcmTap(context, source, (frame) => this.#socket.sendAudio(frame)).then(
      (tap) => {
        if (!tap) this.#socket.close('This browser cannot tap the microphone for the live stream.');
        return tap;
      },
      () => {
        this.#socket.close('The microphone could not be tapped for the live stream.');
        return null;
      },
    );
  }

  pause(): void {
    void this.#tap.then((tap) => tap?.pause());
  }

  resume(): void {
    void this.#tap.then((tap) => tap?.resume());
  }

  /** The recording ended: the last audio goes out, then "stop". Call before the context closes. */
  async finish(): Promise<void> {
    await this.#stopTap();
    if (!this.#socket.healthy) return;
    this.#dispatch({ type: 'stopping' });
    this.#socket.stop();
  }

  /** The filed note once the server has it, or null: dropped, refused, or not in time. */
  filed(timeoutMs: number = FILED_TIMEOUT_MS): Promise<VoiceNote | null> {
    const timer = window.setTimeout(() => this.#socket.close('The note was not filed in time.'), timeoutMs);
    return this.#filed.finally(() => window.clearTimeout(timer));
  }

  /** Ends the stream without filing anything (the recording was cancelled or too short). */
  abort(): void {
    void this.#stopTap();
    this.#socket.close('cancelled');
  }

  async #stopTap(): Promise<void> {
    const tap = await this.#tap;
    if (this.#tapStopped) return;
    this.#tapStopped = true;
    await tap?.stop();
  }

  #event(event: LiveSocketEvent): void {
    switch (event.type) {
      case 'open':
        this.#dispatch({ type: 'live' });
        return;
      case 'partial':
      case 'final':
      case 'lag':
        this.#dispatch(event);
        return;
      case 'filed':
        this.#dispatch({ type: 'filed' });
        this.#settle(event.note);
        return;
      case 'dropped':
        this.#dispatch({ type: 'dropped' });
        this.#settle(null);
        void this.#stopTap();
    }
  }
}
