// The client address as the rate limits count it. An IPv6 client is usually
// given a whole /64 (18 quintillion addresses), so counting the exact address
// would let it start afresh with every guess: its /64 is one client. An IPv4
// address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
import ipaddr from "ipaddr.js";

export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip; // "unknown", or a test's label
  const address = ipaddr.process(ip); // IPv4-mapped IPv6 becomes IPv4
  if (address.kind() === "ipv4") return address.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${prefix.toString()}/64`;
}
