import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { hashInlineSources } from "./inline-hashes";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("hashInlineSources", () => {
  const body = `<html><head><style nonce="n1">p{color:red}</style><script type="application/ld+json" nonce="n1">{"a":1}</script></head>
    <body><script nonce="n1">run(" nonce=\\"kept\\" ");</script><script nonce="n1">run(2)</script><script nonce="n1">run(2)</script></body></html>`;

  test("a policy without nonces is left as it is", () => {
    expect(hashInlineSources("frame-ancestors *", body)).toEqual({ policy: "frame-ancestors *", body });
  });

  test("nonce sources become the hashes of each inline element, per directive; nonce attributes go", () => {
    const result = hashInlineSources(
      "default-src 'self'; script-src 'nonce-n1' 'strict-dynamic'; style-src 'self' 'nonce-n1'; img-src *",
      body,
    )!;
    expect(result.body).not.toMatch(/<[^>]*nonce=/);
    expect(result.body).toContain('run(" nonce=\\"kept\\" ")');
    expect(result.policy).toBe(
      [
        "default-src 'self'",
        `script-src 'strict-dynamic' ${sha('{"a":1}')} ${sha('run(" nonce=\\"kept\\" ");')} ${sha("run(2)")}`,
        `style-src 'self' ${sha("p{color:red}")}`,
        "img-src *",
      ].join("; "),
    );
  });

  test("default-src stands in for missing script-src and style-src", () => {
    const result = hashInlineSources("default-src 'nonce-n1'", "<script>a()</script><style>b{}</style>")!;
    expect(result.policy).toBe(`default-src ${sha("a()")} ${sha("b{}")}`);
  });

  test("a directive left with nothing allows nothing; a nonce-only external script cannot be stored", () => {
    expect(hashInlineSources("script-src 'nonce-x'", "<p>no scripts</p>")!.policy).toBe("script-src 'none'");
    expect(hashInlineSources("script-src 'nonce-x'", '<script nonce="x" src="/a.js"></script>')).toBeNull();
  });
});
