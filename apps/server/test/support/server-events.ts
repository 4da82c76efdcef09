export interface ServerEvent {
  event: string;
  data: unknown;
}

/** Reads a server-sent event stream to its end (or `timeoutMs`), returning every event. */
export async function readEvents(url: string, cookie: string, timeoutMs = 180_000): Promise<ServerEvent[]> {
  const response = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the event stream answered ${response.status}: ${await response.text()}`);
  }
  const events: ServerEvent[] = [];
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
      if (event && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
    }
  }
  return events;
}
