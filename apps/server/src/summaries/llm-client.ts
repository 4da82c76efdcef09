/**
 * One chat-completions request to the operator's OpenAI-compatible endpoint (ADR 0052): POST
 * `${baseUrl}/chat/completions`, the answer's first choice's text back. Every way it can go
 * wrong becomes an LlmError whose message a person can read beside the note; the API key is
 * sent, never logged or put in a message.
 */
import { z } from 'zod';
import { endpointHost, type LlmEndpoint } from './summary-settings.ts';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export class LlmError extends Error {
  override name = 'LlmError';
}

/** A reply's start, kept in an error message so the operator sees what the service said. */
const EXCERPT_CHARS = 200;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

export interface ChatRequest {
  endpoint: LlmEndpoint;
  timeoutMs: number;
  messages: ChatMessage[];
}

/**
 * Asks for a JSON object (`response_format`), which Ollama, llama.cpp's server and OpenAI honour;
 * a service that refuses the field (HTTP 400) is asked once more without it.
 */
export async function chatCompletion(request: ChatRequest): Promise<string> {
  const first = await post(request, true);
  if (first.status === 400) return readContent(request, await post(request, false));
  return readContent(request, first);
}

interface RawAnswer {
  status: number;
  body: string;
}

async function post({ endpoint, timeoutMs, messages }: ChatRequest, jsonMode: boolean): Promise<RawAnswer> {
  const host = endpointHost(endpoint);
  const body = {
    model: endpoint.model,
    messages,
    temperature: 0,
    stream: false,
    ...(jsonMode ? { response_format: { type: 'json_object' } } : {}),
  };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
    return { status: response.status, body: await response.text() };
  } catch (err) {
    if (signal.aborted) {
      throw new LlmError(
        `The language model at ${host} did not answer within ${seconds(timeoutMs)}. ` +
          'Try again later, or ask an administrator to raise LLM_TIMEOUT_SECONDS or use a faster model.',
      );
    }
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    throw new LlmError(
      `The language model at ${host} could not be reached (${cause}). Try again later, or ask an ` +
        'administrator to check LLM_BASE_URL.',
    );
  }
}

function readContent({ endpoint }: ChatRequest, answer: RawAnswer): string {
  const host = endpointHost(endpoint);
  if (answer.status < 200 || answer.status > 299) {
    const hint =
      answer.status === 401 || answer.status === 403
        ? ' An administrator should check LLM_API_KEY.'
        : answer.status === 404
          ? ' An administrator should check LLM_BASE_URL and LLM_MODEL.'
          : ' Try again later.';
    throw new LlmError(
      `The language model at ${host} answered with an error (HTTP ${answer.status}: ${excerpt(answer.body)}).${hint}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    throw new LlmError(
      `The language model at ${host} sent an answer that is not a chat completion (${excerpt(answer.body)}).`,
    );
  }
  const completion = completionSchema.safeParse(parsed);
  const content = completion.success ? completion.data.choices[0]?.message.content : undefined;
  if (!content) {
    throw new LlmError(
      `The language model at ${host} sent an empty answer. Try again, or try another model.`,
    );
  }
  return content;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return 'no text';
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}

function seconds(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return s === 1 ? '1 second' : `${s} seconds`;
}
