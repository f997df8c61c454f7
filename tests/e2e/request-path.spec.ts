// Issue 25 §3 on the built server: methods nobody serves (6), cross-site form
// posts that hide their Origin (9), /metrics with a token (10) and a GET of a
// route that only takes posts (11). Each answer is a plain 4xx/5xx with no
// error in the server's log.
import fs from "node:fs";
import { expect, test } from "./support/fixtures";
import { ownerCookie } from "./support/isolated";
import { rawRequest } from "./support/raw-http";
import { ownedTemplateDir, type RunningServer, startServer } from "./support/server";

const TOKEN = "metrics-token-for-the-request-path-spec";
const PROJECT = "a2525252-1111-4111-8111-111111111111";

let server: RunningServer;

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({
    template: ownedTemplateDir(),
    env: { METRICS_TOKEN: TOKEN },
    seed: async ({ make }) => {
      const client = await make.client({ name: "Path Museum" });
      await make.project({ id: PROJECT, title: "Path Ship", projectName: "path-ship", clientId: client.id });
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Lines the server logged at level error (50) or above. */
function loggedErrors(): string[] {
  return fs
    .readFileSync(server.logFile, "utf8")
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line));
}

test("TRACE and other methods nobody serves are 501, and nothing is logged as an error", async () => {
  // (A name Node's parser does not know, such as TRACK, is its own 400 before any code runs.)
  for (const method of ["TRACE", "PROPFIND", "MKCOL", "PURGE"]) {
    const answer = await rawRequest(`${server.url}/`, { method });
    expect(answer.status, method).toBe(501);
    expect(answer.body, method).toBe("Not implemented.");
  }
  // A method the app serves elsewhere is 405 where the route does not take it.
  expect((await rawRequest(`${server.url}/gallery`, { method: "PUT" })).status).toBe(405);
  expect(loggedErrors()).toEqual([]);
});

test.describe("a form post from another site is refused, whichever header gives it away", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const refused = [
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["an opaque (null) Origin", { Origin: "null" }],
    ["a cross-site Referer and no Origin", { Referer: "https://evil.example/page" }],
    ["Sec-Fetch-Site: cross-site and no Origin", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain) and no Origin", { "Sec-Fetch-Site": "same-site" }],
    ["a Referer on another port of this host", { Referer: "http://127.0.0.1:1/auth" }],
  ] as const;
  for (const [label, headers] of refused) {
    test(label, async () => {
      const answer = await rawRequest(`${server.url}/auth/forgot-password`, {
        method: "POST",
        headers: { ...form, ...headers },
        body: "email=someone%40example.test",
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toBe("Cross-site request refused.");
    });
  }

  test("this site's Origin or Referer, or no browser header at all, passes to the route", async () => {
    const passing: Record<string, string>[] = [
      { Origin: server.url },
      { Referer: `${server.url}/auth/forgot-password` },
      {},
    ];
    for (const headers of passing) {
      const answer = await rawRequest(`${server.url}/auth/forgot-password`, {
        method: "POST",
        headers: { ...form, ...headers },
        body: "email=not-an-address",
      });
      expect(answer.status, JSON.stringify(headers)).toBe(400);
    }
    // Reads pass whatever their origin.
    const read = await rawRequest(`${server.url}/auth`, { headers: { Origin: "https://evil.example" } });
    expect(read.status).toBe(200);
  });
});

test.describe("/metrics with METRICS_TOKEN set", () => {
  test("a loopback request without the token is 404", async () => {
    const answer = await rawRequest(`${server.url}/metrics`);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("playfolio_");
  });

  test("with the token it answers, from anywhere", async () => {
    const answer = await rawRequest(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}`, "X-Forwarded-For": "203.0.113.9" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("playfolio_");
  });
});

test("a GET of a route that only takes posts is 405 with a plain page, for staff and for its data URL", async () => {
  const headers = { Cookie: ownerCookie(), Accept: "text/html" };
  const page = await rawRequest(`${server.url}/admin/projects/${PROJECT}/media`, { headers });
  expect(page.status).toBe(405);
  expect(page.headers.allow).toBe("POST");
  expect(page.body).toBe("Send this form with POST.");
  const data = await rawRequest(`${server.url}/admin/projects/${PROJECT}/media.data`, { headers });
  expect(data.status).toBe(405);
  expect(data.body).not.toContain("Unexpected Server Error");
  // Access is checked first: signed out, the same GET is sent to sign in.
  const anonymous = await rawRequest(`${server.url}/admin/projects/${PROJECT}/media`);
  expect(anonymous.status).toBe(302);
  expect(loggedErrors()).toEqual([]);
});
