import type { BlobStorage } from '../../src/storage/blob-storage.ts';
import type { TestClient, TestResponse } from './http-client.ts';

/** tus requests by hand (tus 1.0.0), through a logged-in TestClient (cookies and CSRF). */
export const UPLOADS = '/api/v1/uploads/';

export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export function createUpload(
  client: TestClient,
  length: number,
  metadata: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  return client.request('POST', UPLOADS, {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': tusMetadata(metadata),
      ...headers,
    },
  });
}

export function patchUpload(
  client: TestClient,
  location: string,
  offset: number,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  return client.request('PATCH', location, {
    body: bytes,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...headers,
    },
  });
}

export function headUpload(client: TestClient, location: string): Promise<TestResponse> {
  return client.request('HEAD', location, { headers: { 'tus-resumable': '1.0.0' } });
}

export function deleteUploadRequest(client: TestClient, location: string): Promise<TestResponse> {
  return client.request('DELETE', location, { headers: { 'tus-resumable': '1.0.0' } });
}

/** Every blob under uploads/ (the parts of uploads in progress). */
export async function uploadBlobs(storage: BlobStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of storage.list('uploads/')) keys.push(blob.key);
  return keys.sort();
}

/** Every blob under audio/ (filed voice notes). */
export async function audioBlobs(storage: BlobStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of storage.list('audio/')) keys.push(blob.key);
  return keys.sort();
}
