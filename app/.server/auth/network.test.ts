import { describe, expect, test } from "vitest";
import { clientNetwork } from "./network";

describe("clientNetwork", () => {
  test("an IPv6 address counts as its /64, however it is spelled", () => {
    expect(clientNetwork("2001:db8:0:1::1")).toBe("2001:0db8:0000:0001::/64");
    expect(clientNetwork("2001:DB8:0:1:ffff:ffff:ffff:ffff")).toBe("2001:0db8:0000:0001::/64");
    expect(clientNetwork("::1")).toBe("0000:0000:0000:0000::/64");
  });

  test("an IPv4 address (also mapped into IPv6) counts as itself", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
});
