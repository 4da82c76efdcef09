import http from 'node:http';
import type { TestClient } from './http-client.ts';
import { cookieHeader } from './raw-request.ts';

export type UploadOutcome =
  { kind: 'answered'; status: number; body: unknown } | { kind: 'cut'; error: string };

export interface SlowUpload {
  /** Bytes handed to the socket so far. */
  sent: () => number;
  outcome: Promise<UploadOutcome>;
}

/**
 * Streams `body` to the raw voice note upload in chunks with a pause between them, as a slow
 * phone connection would; stops sending once the server answers or the connection breaks.
 */
export function slowUpload(
  baseUrl: string,
  client: TestClient,
  padId: string,
  body: Buffer,
  chunkBytes = 512 * 1024,
  pauseMs = 40,
): SlowUpload {
  let sent = 0;
  let finished = false;
  const outcome = new Promise<UploadOutcome>((resolve) => {
    const req = http.request(new URL(`/api/v1/pad/${padId}/voicenote/`, baseUrl), {
      method: 'POST',
      headers: {
        cookie: cookieHeader(client.cookies),
        'x-csrftoken': client.cookies.get('csrftoken') ?? '',
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="long.wav"',
        'content-length': String(body.length),
      },
    });
    req.on('error', (error) => {
      finished = true;
      resolve({ kind: 'cut', error: (error as NodeJS.ErrnoException).code ?? error.message });
    });
    req.on('response', (res) => {
      finished = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => resolve({ kind: 'cut', error: error.message }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: kept as text.
        }
        resolve({ kind: 'answered', status: res.statusCode ?? 0, body: parsed });
        req.destroy();
      });
    });
    const next = () => {
      if (finished || req.destroyed) return;
      if (sent >= body.length) {
        req.end();
        return;
      }
      const chunk = body.subarray(sent, sent + chunkBytes);
      req.write(chunk, () => {
        sent += chunk.length;
        setTimeout(next, pauseMs);
      });
    };
    next();
  });
  return { sent: () => sent, outcome };
}
