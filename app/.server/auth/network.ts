// The network a client address belongs to, for limits that must not be
// dodged by changing address: one IPv6 host holds a whole /64 (it can pick any
// address in it), so IPv6 counts per /64; an IPv4 address counts as itself.
import type { IncomingMessage } from "node:http";
import net from "node:net";
import proxyaddr from "proxy-addr";

export function clientNetwork(ip: string): string {
  const bare = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (net.isIPv6(bare)) {
    // Expanded ("::" filled in, leading zeros added), so every spelling of one /64 is one key.
    return `${expandIpv6(bare.replace(/%.*$/, "")).slice(0, 4).join(":")}::/64`;
  }
  return bare;
}

function expandIpv6(address: string): string[] {
  const [head, tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => group.toLowerCase().padStart(4, "0"));
}

/** Express's compiled "trust proxy" setting: whether the address at `hop` (0: the peer) is a proxy it trusts. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * Whom a request comes from, for the rate limits and the view counter: the peer, or behind the
 * proxies Express trusts (TRUST_PROXY) the address they forward. A forwarded value that is not an
 * IP address (a name, `unknown`, an address with a port, garbage) counts as the proxy's that
 * passed it on: anything a client can write there would otherwise be a fresh bucket of its own.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  // The peer first, then each address the trusted proxies forward, nearest first.
  const chain = proxyaddr.all(req, trust);
  for (let hop = chain.length - 1; hop > 0; hop--) if (net.isIP(chain[hop]!)) return chain[hop]!;
  return chain[0] ?? "unknown";
}
