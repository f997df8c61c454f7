import type { IncomingMessage } from "node:http";
import { describe, expect, test } from "vitest";
import { bearerMatches, isDirectLoopback } from "./loopback";

const req = (headers: IncomingMessage["headers"], remoteAddress = "127.0.0.1") =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("bearerMatches", () => {
  test("only `Bearer <the secret>` matches", () => {
    expect(bearerMatches(req({ authorization: "Bearer s3cret-s3cret" }), "s3cret-s3cret")).toBe(true);
    for (const authorization of [
      undefined,
      "s3cret-s3cret",
      "Basic s3cret-s3cret",
      "Bearer s3cret-s3cre",
      "Bearer s3cret-s3cret2",
    ]) {
      expect(bearerMatches(req({ authorization }), "s3cret-s3cret")).toBe(false);
    }
  });
});

describe("isDirectLoopback", () => {
  test("a local peer not relayed by a proxy", () => {
    expect(isDirectLoopback(req({}))).toBe(true);
    expect(isDirectLoopback(req({}, "::ffff:127.0.0.1"))).toBe(true);
    expect(isDirectLoopback(req({ "x-forwarded-for": "203.0.113.7" }))).toBe(false);
    expect(isDirectLoopback(req({}, "203.0.113.7"))).toBe(false);
  });
});
