import net from 'node:net';
import type { ParameterizedContext } from 'koa';

/**
 * What every per-client limit counts by: an IPv4 address as it is, an IPv6 address by the
 * network it belongs to. One IPv6 host usually holds a whole /64 (SLAAC, privacy addresses,
 * a /64 per subscriber or per cloud instance) and can change address at will within it, so
 * keyed by the full address, every limit would be multiplied by however many it cares to use.
 * The prefix is an operator setting (CLIENT_IPV6_PREFIX): 64 by default, shorter where whole
 * /56 or /48 ranges are handed to one customer.
 */
export function clientKey(address: string, ipv6PrefixBits: number): string {
  const plain = address.split('%', 1)[0]!;
  if (net.isIPv4(plain)) return plain;
  if (!net.isIPv6(plain)) return address;
  const groups = expandIPv6(plain);
  // An IPv4 client as a dual-stack socket reports it (::ffff:a.b.c.d) is that IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  const kept = groups.map((group, index) => {
    const bitsBefore = index * 16;
    if (bitsBefore >= ipv6PrefixBits) return 0;
    if (bitsBefore + 16 <= ipv6PrefixBits) return group;
    return group & (0xffff << (16 - (ipv6PrefixBits - bitsBefore)));
  });
  return `${kept.map((group) => group.toString(16)).join(':')}/${ipv6PrefixBits}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function expandIPv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** Where the edge middleware leaves each request's client key for the routes. */
interface ClientState {
  client?: string;
}

/** The request's client key (see clientKey), as the edge middleware worked it out. */
export function clientOf(ctx: ParameterizedContext): string {
  const client = (ctx.state as ClientState).client;
  if (client === undefined) throw new Error('clientOf: the edge middleware did not run');
  return client;
}

export function setClientOf(ctx: ParameterizedContext, client: string): void {
  (ctx.state as ClientState).client = client;
}
