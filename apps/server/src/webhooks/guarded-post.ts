/**
 * The one way a webhook request leaves the server (ADR 0048). Each hop's host is resolved here,
 * every address it resolves to is checked against the target policy, and the socket connects to
 * the checked address alone (a `lookup` that answers only it), so a DNS answer that changes
 * between the check and the connect (rebinding) cannot send the request elsewhere. Redirects are
 * followed by hand, a few at most, each hop checked the same way; the whole exchange has one
 * deadline, and only the start of the answer's body is read.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { literalAddress, type PrivateTargets, refusalOf } from './target-policy.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a host name to every address it has (the system's resolver unless a test injects one). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export interface GuardedPostOptions {
  privateTargets: PrivateTargets;
  timeoutMs: number;
  resolve: ResolveHost;
  maxRedirects?: number;
}

export interface PostAnswer {
  status: number;
  /** The start of the body, at most EXCERPT_CHARS characters. */
  excerpt: string;
}

/** The request was not sent, or no answer came; the message says why, for the delivery log. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    /** True when the target itself is refused by policy (no request was made). */
    readonly refused = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

const MAX_REDIRECTS = 3;
const EXCERPT_BYTES = 1024;
export const EXCERPT_CHARS = 256;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Refused in words when the URL's host is an IP address the policy does not allow (checked at creation too). */
export function literalTargetRefusal(url: URL, privateTargets: PrivateTargets): string | undefined {
  const literal = literalAddress(url.hostname);
  if (literal === undefined) return undefined;
  const kind = refusalOf(literal, privateTargets);
  return kind && refusedMessage(literal, kind, literal);
}

function refusedMessage(host: string, kind: string, address: string): string {
  const where = host === address ? host : `${host} (${address})`;
  return `Not sent: ${where} is ${kind}, which webhooks on this server may not reach. Use a public address.`;
}

/**
 * POSTs `body` to `url` with `headers`, following at most a few redirects (the same POST, as the
 * signature covers only the id, timestamp and body). Resolves with the final answer, whatever
 * its status; rejects with a DeliveryError when no answer came.
 */
export async function guardedPost(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: GuardedPostOptions,
): Promise<PostAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  let target = new URL(url);
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new DeliveryError(
        `Not sent: a redirect led to ${target.protocol} which is not http or https.`,
        true,
      );
    }
    const pinned = await checkedAddress(target, options, signal, seconds);
    const answer = await send(target, pinned, body, headers, signal).catch((error: unknown) => {
      throw asDeliveryError(error, target, signal, seconds);
    });
    if (!REDIRECTS.has(answer.status) || answer.location === undefined) return answer;
    if (hop >= maxRedirects) {
      throw new DeliveryError(
        `Not sent: more than ${maxRedirects} redirects, the last to ${answer.location}.`,
      );
    }
    if (!URL.canParse(answer.location, target.href)) {
      throw new DeliveryError(`The endpoint redirected to an address that is not a URL: ${answer.location}.`);
    }
    target = new URL(answer.location, target);
  }
}

/** The one address this hop connects to, after every address of its host passed the policy. */
async function checkedAddress(
  target: URL,
  options: GuardedPostOptions,
  signal: AbortSignal,
  seconds: number,
): Promise<ResolvedAddress> {
  const literal = literalAddress(target.hostname);
  if (literal !== undefined) {
    const kind = refusalOf(literal, options.privateTargets);
    if (kind) throw new DeliveryError(refusedMessage(literal, kind, literal), true);
    return { address: literal, family: literal.includes(':') ? 6 : 4 };
  }
  const host = target.hostname;
  let addresses: ResolvedAddress[];
  try {
    addresses = await Promise.race([
      options.resolve(host),
      new Promise<never>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true });
      }),
    ]);
  } catch {
    throw new DeliveryError(
      signal.aborted
        ? `No answer within ${seconds} s: ${host} could not be resolved in time.`
        : `${host} could not be found (no DNS record). Check the URL.`,
    );
  }
  if (addresses.length === 0)
    throw new DeliveryError(`${host} could not be found (no DNS record). Check the URL.`);
  for (const { address } of addresses) {
    const kind = refusalOf(address, options.privateTargets);
    if (kind) throw new DeliveryError(refusedMessage(host, kind, address), true);
  }
  return addresses[0] as ResolvedAddress;
}

interface RawAnswer extends PostAnswer {
  location: string | undefined;
}

function send(
  target: URL,
  pinned: ResolvedAddress,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<RawAnswer> {
  // The connection may only go to the address that was checked.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        signal,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const finish = () => {
          const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const location = response.headers.location;
          resolve({
            status: response.statusCode ?? 0,
            excerpt: text.slice(0, EXCERPT_CHARS),
            location: typeof location === 'string' ? location : undefined,
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          bytes += chunk.length;
          // Enough is read for the log; the rest is not wanted.
          if (bytes >= EXCERPT_BYTES) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => (bytes >= EXCERPT_BYTES ? undefined : reject(error)));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function asDeliveryError(error: unknown, target: URL, signal: AbortSignal, seconds: number): DeliveryError {
  if (error instanceof DeliveryError) return error;
  if (signal.aborted) return new DeliveryError(`No answer within ${seconds} s.`);
  const code = (error as NodeJS.ErrnoException).code;
  const where = target.host;
  switch (code) {
    case 'ECONNREFUSED':
      return new DeliveryError(`The connection to ${where} was refused: nothing answers there.`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new DeliveryError(`The connection to ${where} was cut before an answer came.`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new DeliveryError(`${where} cannot be reached from this server.`);
    default:
      if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) {
        return new DeliveryError(`The TLS certificate of ${where} was not accepted (${code}).`);
      }
      return new DeliveryError(`Could not send to ${where}: ${(error as Error).message}`);
  }
}
