// Whom a request comes from (rate limits and the view counter count it with
// addressKey, address-key.ts).
import type { IncomingMessage } from "node:http";
import net from "node:net";
import proxyaddr from "proxy-addr";

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
