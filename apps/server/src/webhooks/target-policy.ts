/**
 * Which addresses a webhook may reach (ADR 0048). A webhook URL is typed by a user, and the
 * server makes the request: without this, anyone with an account could have Voxpad call its
 * own admin ports, the cloud's metadata service (169.254.169.254) or machines on the private
 * network. Every address a name resolves to is checked, IPv4-mapped IPv6 as the IPv4 it
 * carries; an operator may allow private targets, all of them or some blocks (CIDR).
 */
import { isIPv4, isIPv6 } from 'node:net';

type Block = { bytes: number[]; prefix: number };

/** Ranges no webhook reaches unless the operator allows them. */
const REFUSED_V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a reserved address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];
const REFUSED_V6: [string, number, string][] = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['fc00::', 7, 'a unique-local address'],
  ['ff00::', 8, 'a multicast address'],
];

/** The 4 or 16 bytes of an IP address; undefined when it is not one. */
export function addressBytes(address: string): number[] | undefined {
  if (isIPv4(address)) return address.split('.').map(Number);
  if (!isIPv6(address)) return undefined;
  let text = address.replace(/%.*$/, '');
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Tail[1].split('.').map(Number);
    text = `${text.slice(0, -v4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

/**
 * The address as the IPv4 it carries when it is IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible
 * (::a.b.c.d): a socket to either reaches that IPv4 host.
 */
function canonicalBytes(address: string): number[] | undefined {
  const bytes = addressBytes(address);
  if (!bytes || bytes.length === 4) return bytes;
  const zeros = bytes.slice(0, 10).every((b) => b === 0);
  const mapped = zeros && bytes[10] === 0xff && bytes[11] === 0xff;
  const compatible = zeros && bytes[10] === 0 && bytes[11] === 0 && bytes.slice(12).some((b) => b !== 0);
  const embedded = bytes.slice(12);
  // ::1 and :: stay IPv6 (loopback, unspecified); ::0.0.0.2 and up are IPv4-compatible.
  if (mapped || (compatible && !(embedded.slice(0, 3).every((b) => b === 0) && (embedded[3] ?? 0) <= 1))) {
    return embedded;
  }
  return bytes;
}

function inBlock(bytes: number[], block: Block): boolean {
  if (bytes.length !== block.bytes.length) return false;
  for (let bit = 0; bit < block.prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[i] ?? 0) & mask) !== ((block.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

const block = (address: string, prefix: number): Block => {
  const bytes = addressBytes(address);
  if (!bytes) throw new Error(`${address} is not an IP address`);
  return { bytes, prefix };
};
const REFUSED = [...REFUSED_V4, ...REFUSED_V6].map(([address, prefix, kind]) => ({
  ...block(address, prefix),
  kind,
}));

/** Parses "10.0.0.0/8" (or a bare address, a block of one); undefined when it is neither. */
export function parseCidr(text: string): Block | undefined {
  const [address = '', prefixText] = text.trim().split('/');
  const bytes = canonicalBytes(address);
  if (!bytes) return undefined;
  const max = bytes.length * 8;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return undefined;
  return { bytes, prefix };
}

/** `allowPrivate`: true allows every private range, a list of blocks only those. */
export type PrivateTargets = boolean | readonly Block[];

/**
 * Why the address may not be reached ("a loopback address"), or undefined when it may. A
 * malformed address is refused.
 */
export function refusalOf(address: string, allowed: PrivateTargets): string | undefined {
  const bytes = canonicalBytes(address);
  if (!bytes) return 'not an IP address';
  const refused = REFUSED.find((range) => inBlock(bytes, range));
  if (!refused || allowed === true) return undefined;
  if (allowed !== false && allowed.some((range) => inBlock(bytes, range))) return undefined;
  return refused.kind;
}

/** The host of a URL as an IP address when it is written as one (brackets removed), else undefined. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIPv4(bare) || isIPv6(bare) ? bare : undefined;
}
