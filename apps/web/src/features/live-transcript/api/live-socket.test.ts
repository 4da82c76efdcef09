import { describe, expect, it } from 'vitest';
import { liveStartMessage } from './live-messages.ts';
import { LiveSocket, MAX_BUFFERED_BYTES, type LiveSocketEvent, type WebSocketLike } from './live-socket.ts';

/** A WebSocket that records what is sent and lets the test play the server. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  bufferedAmount = 0;
  binaryType: BinaryType = 'blob';
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  sent: (string | number[])[] = [];
  closedWith: number | null = null;

  send(data: string | ArrayBufferView<ArrayBuffer>): void {
    this.sent.push(
      typeof data === 'string'
        ? data
        : [...new Int16Array(data.buffer, data.byteOffset, data.byteLength / 2)],
    );
  }
  close(code = 1005): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSays(message: unknown): void {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof message === 'string' ? message : JSON.stringify(message) }),
    );
  }
  serverCloses(): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1011 }));
  }
}

function connect(maxBufferedBytes?: number) {
  const fake = new FakeSocket();
  const events: LiveSocketEvent[] = [];
  const socket = new LiveSocket(fake, (event) => events.push(event), maxBufferedBytes);
  return { fake, events, socket };
}

const word = { word: 'milk', start: 1, end: 1.4, confidence: 0.8 };

describe('the live socket client', () => {
  it('sends start (keeping no partial note) before audio queued while connecting, then stop', () => {
    const { fake, events, socket } = connect();
    socket.sendAudio(Int16Array.from([1, 2]));
    expect(fake.sent).toEqual([]);
    fake.open();
    socket.sendAudio(Int16Array.from([3]));
    socket.stop();
    expect(fake.binaryType).toBe('arraybuffer');
    expect(fake.sent).toEqual([
      JSON.stringify({ type: 'start', format: 'pcm_s16le', sample_rate: 16000, keep_partial: false }),
      [1, 2],
      [3],
      JSON.stringify({ type: 'stop' }),
    ]);
    expect(events).toEqual([{ type: 'open' }]);
  });

  it('says in its start how many people speak, when the person chose', () => {
    const fake = new FakeSocket();
    new LiveSocket(fake, () => undefined, MAX_BUFFERED_BYTES, liveStartMessage(2));
    fake.open();
    expect(JSON.parse(fake.sent[0] as string)).toMatchObject({ type: 'start', speakers: 2 });
    expect(liveStartMessage()).not.toHaveProperty('speakers');
  });

  it('reports partial, final, lag and filed, and ignores what it cannot read', () => {
    const { fake, events } = connect();
    fake.open();
    fake.serverSays({ type: 'partial', words: [word] });
    fake.serverSays('not json');
    fake.serverSays({ type: 'final', words: [{ word: 'milk' }] });
    fake.serverSays({ type: 'final', words: [{ ...word, text: 'Milk.' }] });
    fake.serverSays({ type: 'lag', seconds: 3.4 });
    fake.serverSays({ type: 'lag', seconds: -1 });
    fake.serverSays({ type: 'lag', seconds: 0 });
    expect(events.slice(1)).toEqual([
      { type: 'partial', words: [word] },
      { type: 'final', words: [{ ...word, text: 'Milk.' }] },
      { type: 'lag', seconds: 3.4 },
      { type: 'lag', seconds: 0 },
    ]);
    const note = {
      id: 'n1',
      pad_id: 'p1',
      title: 'Voice note',
      status: 'done',
      failure_reason: null,
      content_type: 'audio/wav',
      size_bytes: 44,
      tags: [],
      duration_seconds: 1,
      transcript: 'milk',
      segments: [],
      audio_url: '/a',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    fake.serverSays({ type: 'filed', note });
    fake.serverCloses();
    expect(events.slice(5)).toEqual([{ type: 'filed', note }]);
  });

  it('is dropped with the server’s words when it refuses, and by a close before filed', () => {
    const refused = connect();
    refused.fake.open();
    refused.fake.serverSays({ type: 'error', code: 'duration_too_long', message: 'Too long.' });
    refused.fake.serverCloses();
    expect(refused.events.at(-1)).toEqual({ type: 'dropped', reason: 'Too long.' });
    expect(refused.socket.healthy).toBe(false);

    const cut = connect();
    cut.fake.open();
    cut.fake.serverCloses();
    expect(cut.events.at(-1)).toEqual({ type: 'dropped', reason: 'closed' });
  });

  it('gives the stream up when audio piles up unsent, and sends nothing after', () => {
    const { fake, events, socket } = connect(8);
    fake.open();
    socket.sendAudio(Int16Array.from([1, 2, 3]));
    fake.bufferedAmount = 10;
    socket.sendAudio(Int16Array.from([4]));
    expect(events.at(-1)).toMatchObject({ type: 'dropped' });
    expect(fake.closedWith).toBe(1000);
    const count = fake.sent.length;
    socket.sendAudio(Int16Array.from([5]));
    socket.stop();
    expect(fake.sent).toHaveLength(count);
    expect(events.filter((e) => e.type === 'dropped')).toHaveLength(1);
  });

  it('gives up when too much audio waits for the socket to open', () => {
    const { fake, events, socket } = connect(8);
    socket.sendAudio(new Int16Array(5));
    expect(events).toEqual([{ type: 'dropped', reason: expect.stringMatching(/too slow/) as string }]);
    expect(fake.closedWith).toBe(1000);
  });
});
