// The address the rate limits count: an IPv6 client's /64 (it usually has a whole one), IPv4-mapped IPv6 as IPv4.
import ipaddr from "ipaddr.js";

export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip; // "unknown", or a test's label
  const address = ipaddr.process(ip); // IPv4-mapped IPv6 becomes IPv4
  if (address.kind() === "ipv4") return address.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${prefix.toString()}/64`;
}
