/**
 * Which network addresses a URL a tenant configured may reach. Only public unicast addresses pass: loopback (the Lambda
 * Runtime API listens on 127.0.0.1:9001), private and shared ranges, link-local (cloud metadata at 169.254.169.254,
 * fd00:ec2::254), unspecified, multicast and the other special-purpose ranges of IANA's registries are refused, and so
 * is an IPv6 address that carries one of those IPv4 addresses (IPv4-mapped, NAT64, 6to4).
 */
import { isIPv4, isIPv6 } from 'node:net';

interface Range4 {
  base: number;
  bits: number;
  what: string;
}

const ipv4ToNumber = (address: string): number => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

const range4 = (cidr: string, what: string): Range4 => {
  const [base, bits] = cidr.split('/') as [string, string];
  return { base: ipv4ToNumber(base), bits: Number(bits), what };
};

/** IANA's IPv4 special-purpose address registry, less the few ranges that are globally reachable (anycast services). */
const REFUSED_V4: readonly Range4[] = [
  range4('0.0.0.0/8', 'unspecified ("this network")'),
  range4('10.0.0.0/8', 'private'),
  range4('100.64.0.0/10', 'shared (carrier-grade NAT)'),
  range4('127.0.0.0/8', 'loopback'),
  range4('169.254.0.0/16', 'link-local'),
  range4('172.16.0.0/12', 'private'),
  range4('192.0.0.0/24', 'reserved (IETF protocol assignments)'),
  range4('192.0.2.0/24', 'reserved (documentation)'),
  range4('192.88.99.0/24', 'reserved (6to4 relay)'),
  range4('192.168.0.0/16', 'private'),
  range4('198.18.0.0/15', 'reserved (benchmarking)'),
  range4('198.51.100.0/24', 'reserved (documentation)'),
  range4('203.0.113.0/24', 'reserved (documentation)'),
  range4('224.0.0.0/4', 'multicast'),
  range4('240.0.0.0/4', 'reserved'),
];

const inRange4 = (n: number, r: Range4): boolean => {
  const size = 2 ** (32 - r.bits);
  return n >= r.base && n < r.base + size;
};

const refusalOf4 = (address: string): string | undefined => REFUSED_V4.find((r) => inRange4(ipv4ToNumber(address), r))?.what;

/** The eight 16-bit groups of an IPv6 address (a zone index such as %eth0 is dropped; a dotted IPv4 tail is read). */
const groupsOf = (address: string): number[] => {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = ipv4ToNumber(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
};

const v4Of = (hi: number, lo: number): string => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');

const refusalOf6 = (address: string): string | undefined => {
  const g = groupsOf(address);
  const zerosUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  const carried = (v4: string, how: string) => {
    const what = refusalOf4(v4);
    return what ? `${what} (${how} ${v4})` : undefined;
  };
  if (zerosUpTo(5) && g[5] === 0xffff) return carried(v4Of(g[6]!, g[7]!), 'IPv4-mapped');
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return carried(v4Of(g[6]!, g[7]!), 'NAT64 of');
  if (g[0] === 0x2002) return carried(v4Of(g[1]!, g[2]!), '6to4 of');
  if (g.every((x) => x === 0)) return 'unspecified';
  if (zerosUpTo(7) && g[7] === 1) return 'loopback';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private (unique local)';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  // every global unicast address is in 2000::/3; the rest (IPv4-compatible, discard, site-local, NAT64 local use...) is not reachable
  if ((g[0]! & 0xe000) !== 0x2000) return 'reserved';
  if (g[0] === 0x2001 && g[1]! < 0x200) return 'reserved (IETF protocol assignments, Teredo)';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'reserved (documentation)';
  if ((g[0]! & 0xfff0) === 0x3ff0) return 'reserved (documentation)';
  return undefined;
};

/**
 * Why an IP address is no place for a tenant's URL ('loopback', 'private', 'link-local'...), or undefined when it is
 * a public one. Something that is not an IP address is refused too.
 */
export const addressRefusal = (address: string): string | undefined => {
  if (isIPv4(address)) return refusalOf4(address);
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv6(bare)) return refusalOf6(bare);
  return 'not an IP address';
};

/**
 * Whether an address is on the loopback interface: 127.0.0.0/8, ::1 or IPv4-mapped 127/8 (brackets allowed). Anything
 * else (0.0.0.0, ::, a LAN address, or a name, whose answers are not ours to vouch for) is not.
 */
export const isLoopbackAddress = (address: string): boolean => {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return refusalOf4(bare) === 'loopback';
  if (!isIPv6(bare)) return false;
  const g = groupsOf(bare);
  const zerosUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zerosUpTo(5) && g[5] === 0xffff) return refusalOf4(v4Of(g[6]!, g[7]!)) === 'loopback';
  return zerosUpTo(7) && g[7] === 1;
};

/** The host of a URL as an address or name: IPv6 without its brackets, a name without the root's trailing dot. */
export const bareHostOf = (url: URL): string =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Names that mean this machine whatever DNS says (RFC 6761: localhost and every name under it). */
export const isLocalhostName = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

/**
 * Why a URL's host is refused without asking DNS: an IP literal in a refused range (WHATWG URL parsing has already
 * turned 127.1, 0x7f.1 and 2130706433 into 127.0.0.1) or a localhost name. A name that resolves to a refused address
 * is caught when the connection is made (tenant-fetch.ts).
 */
export const literalHostRefusal = (
  url: URL,
  refusalOf: (address: string) => string | undefined = addressRefusal,
): string | undefined => {
  const host = bareHostOf(url);
  if (isLocalhostName(host)) return `${host} is this machine`;
  if (isIPv4(host) || isIPv6(host)) {
    const what = refusalOf(host);
    return what ? `${host} is not a public address (${what})` : undefined;
  }
  return undefined;
};
