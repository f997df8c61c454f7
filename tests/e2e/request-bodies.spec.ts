// Finding 3 of issue 12: request bodies are capped before they are read
// (1 MB for every form and action: 413 over a declared Content-Length, 411
// without one), with a clear message; malformed forms are 400 and other types
// 415, never 500. The upload endpoints keep their own caps.
import { paddedJpeg } from "./support/images";
import { expect, test } from "./support/fixtures";
import { rawRequest } from "./support/raw-http";
import { STAFF_STATE } from "./support/paths";

const MB = 1024 * 1024;
const TOO_LARGE = "The form is too large: a request body may be at most 1 MB.";

/** `total` bytes of a urlencoded field, in 64 KB chunks, counting how many were handed to the socket. */
function hugeField(total: number) {
  const counter = { sent: 0 };
  const chunk = Buffer.alloc(64 * 1024, "a");
  function* chunks() {
    yield Buffer.from("intent=sign-in&email=a%40b.test&password=");
    while (counter.sent < total) {
      counter.sent += chunk.length;
      yield chunk;
    }
  }
  return { counter, chunks: chunks() };
}

test.describe("request bodies", () => {
  test("a 150 MB field to /auth.data, chunked, is refused with 411 before it is all sent", async ({ baseURL }) => {
    // Browsers send forms with a Content-Length; a body without one has no size to check.
    const { counter, chunks } = hugeField(150 * MB);
    const answer = await rawRequest(`${baseURL}/auth.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      body: chunks,
    });
    expect(answer.status).toBe(411);
    expect(answer.body).toBe("Send the form with a Content-Length: a request body may be at most 1 MB.");
    // The answer came while the body was still being sent (what follows is dropped, never kept).
    expect(counter.sent).toBeLessThan(150 * MB);
  });

  test("a declared Content-Length over the limit is refused before any of it is read", async ({ baseURL }) => {
    // Only the start is ever sent: an answer can only come from the declared size.
    const answer = await rawRequest(`${baseURL}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 150 * MB },
      body: [Buffer.from("intent=sign-in&email=")],
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
  });

  test("just under the limit the form reaches the route (which validates it)", async ({ baseURL }) => {
    const answer = await rawRequest(`${baseURL}/auth.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=sign-in&email=${"a".repeat(MB - 100)}&password=x`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Invalid email address");
  });

  test.describe("malformed or foreign bodies", () => {
    test.use({ storageState: STAFF_STATE });
    const cases: [string, string | undefined, string, number, string][] = [
      ["a multipart body without its boundary", "multipart/form-data", "--x\r\nnonsense", 400, "malformed"],
      [
        "a multipart body cut short",
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAcme',
        400,
        "malformed",
      ],
      ["malformed JSON", "application/json", '{"name": ', 415, "application/x-www-form-urlencoded"],
      ["well-formed JSON", "application/json", '{"name":"Acme"}', 415, "application/x-www-form-urlencoded"],
      ["plain text", "text/plain", "name=Acme", 415, "application/x-www-form-urlencoded"],
    ];
    for (const [label, contentType, body, status, message] of cases) {
      for (const path of ["/auth.data", "/admin/clients/new.data", "/admin/clients/new"]) {
        test(`${label} to ${path}: ${status}`, async ({ page, baseURL }) => {
          const cookies = await page.context().cookies();
          const answer = await rawRequest(`${baseURL}${path}`, {
            method: "POST",
            headers: {
              Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
              ...(contentType ? { "Content-Type": contentType } : {}),
            },
            body,
          });
          expect(answer.status).toBe(status);
          expect(answer.body).toContain(message);
        });
      }
    }

    test("an empty POST without a Content-Type is an empty form: refused by validation, not a 500", async ({
      page,
      baseURL,
    }) => {
      const cookies = await page.context().cookies();
      const answer = await rawRequest(`${baseURL}/admin/clients/new.data`, {
        method: "POST",
        headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      });
      expect(answer.status).toBe(400);
    });

    test("an image upload keeps its own, larger cap", async ({ page, baseURL }) => {
      const image = await paddedJpeg("big.jpg", 1_200_000);
      expect(image.buffer.length).toBeGreaterThan(MB);
      const response = await page.request.post(`${baseURL}/api/uploads`, {
        multipart: { kind: "client-logo", file: image },
      });
      expect(response.status()).toBe(201);
    });
  });
});
