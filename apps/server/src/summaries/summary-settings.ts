/** The language model summaries are written with, from configuration (LLM_*; ADR 0052). */
export interface LlmEndpoint {
  /** The API's base, e.g. http://127.0.0.1:11434/v1: `${baseUrl}/chat/completions` is called. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; never logged, never shown. */
  apiKey: string | undefined;
  model: string;
}

export interface SummarySettings {
  /** Undefined when LLM_BASE_URL is unset: summaries are off and nothing is ever sent. */
  endpoint: LlmEndpoint | undefined;
  /** One request (send, think, answer) may take this long. */
  timeoutMs: number;
  /** The model's context window in tokens; a longer transcript is summarised in parts. */
  contextTokens: number;
}

/** Host (and port) of the endpoint, which people see beside each summary. */
export function endpointHost(endpoint: LlmEndpoint): string {
  return new URL(endpoint.baseUrl).host;
}
