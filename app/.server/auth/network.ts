// The network a client address belongs to, for limits that must not be
// dodged by changing address: one IPv6 host holds a whole /64 (it can pick any
// address in it), so IPv6 counts per /64; an IPv4 address counts as itself.
import net from "node:net";

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
