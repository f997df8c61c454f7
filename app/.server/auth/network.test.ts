import type { IncomingMessage } from "node:http";
import express from "express";
import { describe, expect, test } from "vitest";
import { addressKey } from "./address-key";
import { clientAddress } from "./network";

describe("addressKey", () => {
  test("an IPv6 address counts as its /64, however it is spelled", () => {
    expect(addressKey("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:DB8:0:1:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:0db8:0000:0001:0000:0000:0000:0009")).toBe("2001:db8:0:1::/64");
    expect(addressKey("::1")).toBe("::/64");
  });

  test("an IPv4 address (also mapped into IPv6) counts as itself", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
});

describe("clientAddress", () => {
  const trusting = (setting: unknown) => express().set("trust proxy", setting).get("trust proxy fn");
  const from = (peer: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress: peer },
      headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    }) as unknown as IncomingMessage;

  test("is the peer unless a trusted proxy forwards the request, then the address it names", () => {
    expect(clientAddress(from("203.0.113.7", "198.51.100.1"), trusting(false))).toBe("203.0.113.7");
    expect(clientAddress(from("127.0.0.1", "198.51.100.1"), trusting("loopback"))).toBe("198.51.100.1");
    expect(clientAddress(from("127.0.0.1", "2001:db8::1"), trusting("loopback"))).toBe("2001:db8::1");
    // Forwarded by a proxy that is not trusted: the peer.
    expect(clientAddress(from("203.0.113.7", "198.51.100.1"), trusting("loopback"))).toBe("203.0.113.7");
  });

  test("a forwarded address that is not an IP address counts as the proxy's, never as a bucket of its own", () => {
    for (const forged of ["not-an-ip", "unknown", "203.0.113.9:4711", "", "<script>", "a".repeat(300)]) {
      expect(clientAddress(from("127.0.0.1", forged), trusting("loopback"))).toBe("127.0.0.1");
    }
    // Through two proxies (TRUST_PROXY=2): the nearest proxy that named an address.
    expect(clientAddress(from("127.0.0.1", "garbage, 10.0.0.2"), trusting(2))).toBe("10.0.0.2");
    expect(clientAddress(from("127.0.0.1", "198.51.100.1, garbage"), trusting(true))).toBe("198.51.100.1");
  });
});
