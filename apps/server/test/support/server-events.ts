export interface ServerEvent {
  event: string;
  data: unknown;
}

/** An event with the moment it reached the client. */
export interface TimedEvent extends ServerEvent {
  /** performance.now() on arrival. */
  at: number;
}

export interface FollowOptions {
  timeoutMs?: number;
  /** Sent as Accept-Encoding, as a browser does (e.g. "gzip, deflate, br"); none by default. */
  acceptEncoding?: string;
  /** Called the moment each event arrives. */
  onEvent?: (event: TimedEvent) => void;
}

/**
 * Reads a server-sent event stream to its end (or the timeout), with each event's arrival time
 * and the stream's content encoding.
 */
export async function followEvents(
  url: string,
  cookie: string,
  { timeoutMs = 180_000, acceptEncoding, onEvent }: FollowOptions = {},
): Promise<{ events: TimedEvent[]; encoding: string | null }> {
  const response = await fetch(url, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the event stream answered ${response.status}: ${await response.text()}`);
  }
  const events: TimedEvent[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) {
        const timed = { event, data: JSON.parse(data) as unknown, at: performance.now() };
        events.push(timed);
        onEvent?.(timed);
      }
    }
  }
  return { events, encoding: response.headers.get('content-encoding') };
}

/** Reads a server-sent event stream to its end (or `timeoutMs`), returning every event. */
export async function readEvents(url: string, cookie: string, timeoutMs = 180_000): Promise<ServerEvent[]> {
  const { events } = await followEvents(url, cookie, { timeoutMs });
  return events.map(({ event, data }) => ({ event, data }));
}
