/**
 * A small OpenAI-protocol chat-completions server on loopback for the summary tests (ADR 0052):
 * no model runs here, so it answers deterministically from the prompt it receives. It reads the
 * timestamped lines ("[12.3] words") of the last user message and answers JSON:
 * - summary: the parts' summaries joined (a combining request, "Part N summary: …" lines), or
 *   "Summary: " + the first words of the first lines;
 * - action_items: the lines saying "need to", "should" or "will", with their second;
 * - title: the first four words of the first line (or of the first part's title).
 * It records every request, and `mode` makes it fail (HTTP 500), stall past any timeout, or
 * answer text that holds no JSON.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeLlmMode = 'ok' | 'fenced' | 'fail' | 'slow' | 'bad-json';

export interface FakeLlmRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: unknown;
  };
}

const LINE = /^\[(\d+(?:\.\d+)?)\]\s*(.*)$/;
const PART_SUMMARY = /^Part \d+ summary: (.*)$/;
const PART_TITLE = /^Part \d+ title: (.*)$/;
const ACTION = /\b(need to|needs to|should|will)\b/i;

export function answerFor(userText: string): {
  summary: string;
  action_items: { text: string; start: number }[];
  title: string;
} {
  const lines = userText.split('\n');
  const timed = lines.flatMap((line) => {
    const match = LINE.exec(line);
    return match ? [{ start: Number(match[1]), text: match[2] ?? '' }] : [];
  });
  const partSummaries = lines.flatMap((line) => PART_SUMMARY.exec(line)?.[1] ?? []);
  const partTitles = lines.flatMap((line) => PART_TITLE.exec(line)?.[1] ?? []);
  const firstWords = (text: string, n: number) => text.split(/\s+/).slice(0, n).join(' ');
  return {
    summary:
      partSummaries.length > 0
        ? partSummaries.join(' ')
        : `Summary: ${firstWords(
            timed
              .slice(0, 2)
              .map((l) => l.text)
              .join(' '),
            8,
          )}`,
    action_items: timed.filter((l) => ACTION.test(l.text)).map((l) => ({ text: l.text, start: l.start })),
    title: partTitles[0] ?? firstWords(timed[0]?.text ?? 'Untitled', 4),
  };
}

export class FakeLlmServer {
  readonly requests: FakeLlmRequest[] = [];
  mode: FakeLlmMode = 'ok';
  /** How long `slow` stalls before answering. */
  slowMs = 5_000;
  private readonly sockets = new Set<Socket>();
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void this.answer(request, response, Buffer.concat(chunks).toString()));
  });

  constructor() {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The user messages of the recorded requests, in order. */
  userTexts(): string[] {
    return this.requests.map((r) => r.body.messages?.findLast((m) => m.role === 'user')?.content ?? '');
  }

  reset(mode: FakeLlmMode = 'ok'): void {
    this.requests.length = 0;
    this.mode = mode;
  }

  private async answer(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    text: string,
  ): Promise<void> {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const body = JSON.parse(text) as FakeLlmRequest['body'];
    this.requests.push({ authorization: request.headers.authorization, body });
    const mode = this.mode;
    if (mode === 'fail') {
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":{"message":"model crashed"}}');
      return;
    }
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, this.slowMs));
    const user = body.messages?.findLast((m) => m.role === 'user')?.content ?? '';
    const json = JSON.stringify(answerFor(user));
    const content =
      mode === 'bad-json'
        ? 'I am sorry, I cannot help with summaries today.'
        : mode === 'fenced'
          ? `Here is the summary:\n\`\`\`json\n${json}\n\`\`\``
          : json;
    if (response.destroyed) return;
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${this.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? 'fake',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    );
  }
}
