import fs from 'node:fs';
import http from 'node:http';
import type { BenchClient } from './browser.ts';
import { wavHeader } from './wav.ts';

const CHUNK = 1024 * 1024;

/** Resident memory of process `pid`, in bytes, as the kernel counts it. */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : 0;
}

/** Samples a process's RSS every few milliseconds and keeps the highest. */
export function sampleRss(pid: number, everyMs = 5): { peak: () => number; stop: () => number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, everyMs);
  return {
    peak: () => peak,
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid));
      return peak;
    },
  };
}

/**
 * Uploads a WAV of `total` bytes (header + a tone) as one voice note, generated chunk by chunk
 * and honouring backpressure: the client never holds more than a mebibyte of it.
 */
export function streamWavUpload(
  client: BenchClient,
  padId: string,
  total: number,
): Promise<{ status: number; body: string }> {
  const tone = Buffer.alloc(CHUNK);
  for (let i = 0; i < tone.length; i += 2) tone.writeInt16LE(Math.round(Math.sin(i / 7) * 3000), i);
  const url = new URL(`/api/v1/pad/${padId}/voicenote/`, client.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'x-csrftoken': client.cookies.get('csrftoken') ?? '',
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="recording.wav"',
        'content-length': String(total),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const header = wavHeader(total - 44);
    req.write(header);
    let sent = header.length;
    const pump = () => {
      while (sent < total) {
        const n = Math.min(CHUNK, total - sent);
        sent += n;
        if (!req.write(n === CHUNK ? tone : tone.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}
