import { TestClient, type TestResponse } from '../support/http-client.ts';
import { assertConforms } from './openapi-contract.ts';

/**
 * A browser-like client whose every auth response is checked against the OpenAPI document,
 * so no answer in the conformance suite escapes validation.
 */
export class ConformanceClient extends TestClient {
  override async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const res = await super.request<T>(method, path, options);
    assertConforms(method, path, res.status, res.headers.get('content-type') ?? '', res.body, res.headers);
    return res;
  }
}
