import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { contentSecurityPolicy, newNonce, nonceToHashes, scriptHash } from "./content-security-policy";

describe("contentSecurityPolicy", () => {
  test("with a nonce", () => {
    expect(contentSecurityPolicy({ scripts: { nonce: "abc" }, frameAncestors: "'none'" })).toBe(
      "script-src 'nonce-abc' 'strict-dynamic'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  test("with hashes (a stored page), and with none at all", () => {
    expect(
      contentSecurityPolicy({ scripts: { hashes: ["'sha256-a'", "'sha256-b'"] }, frameAncestors: "* https://x.test" }),
    ).toBe(
      "script-src 'sha256-a' 'sha256-b' 'strict-dynamic'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors * https://x.test",
    );
    expect(contentSecurityPolicy({ scripts: { hashes: [] }, frameAncestors: "'none'" })).toMatch(/^script-src 'none';/);
  });

  test("nonces are fresh every time", () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(Buffer.from(newNonce(), "base64")).toHaveLength(16);
  });

  test("scriptHash is the browser's sha256 of the exact text", () => {
    const text = "console.log('hé')";
    expect(scriptHash(text)).toBe(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  });

  test("nonceToHashes allows the nonce's scripts by hash and leaves any other script refused", () => {
    const html =
      '<script nonce="N1">a()</script><script type="application/ld+json">{}</script>' +
      '<p>x</p><script>injected()</script><script nonce="N1">b()</script><script nonce="N1">a()</script>';
    const page = nonceToHashes(html, "N1");
    expect(page.html).not.toContain("nonce=");
    expect(page.hashes).toEqual([scriptHash("a()"), scriptHash("b()")]);
    expect(page.hashes).not.toContain(scriptHash("injected()"));
  });
});
