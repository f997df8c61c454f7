// Whom a request comes from (rate limits and the view counter count it with addressKey).
import type { IncomingMessage } from "node:http";
import net from "node:net";
import proxyaddr from "proxy-addr";

/** Express's compiled "trust proxy" setting: whether the address at `hop` (0: the peer) is a proxy it trusts. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The peer, or behind trusted proxies the address they forward; a forwarded value that is not an IP
 *  counts as the proxy's (else anything a client writes there would be a fresh bucket of its own). */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  // The peer first, then each address the trusted proxies forward, nearest first.
  const chain = proxyaddr.all(req, trust);
  for (let hop = chain.length - 1; hop > 0; hop--) if (net.isIP(chain[hop]!)) return chain[hop]!;
  return chain[0] ?? "unknown";
}
