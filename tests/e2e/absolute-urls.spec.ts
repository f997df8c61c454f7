// Finding 5 of issue 12: absolute URLs (sitemap, canonical link, og:url,
// JSON-LD, robots.txt) never come from a client's Host or X-Forwarded-Host
// unless TRUST_PROXY says a proxy sets them; PUBLIC_URL wins, else the
// listening address. A server on a public address without PUBLIC_URL warns.
import fs from "node:fs";
import { expect, test } from "./support/fixtures";
import { rawRequest } from "./support/raw-http";
import { type RunningServer, type Seed, seededTemplate, startServer } from "./support/server";

const SEED: Seed = async ({ make }) => {
  const client = await make.client({ name: "Harbour Museum" });
  await make.project({
    title: "Listed Ship",
    projectName: "listed-ship",
    clientId: client.id,
    status: "completed",
    showInGallery: true,
  });
};

const HOSTILE = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
const PAGES = ["/sitemap.xml", "/robots.txt", "/listed-ship", "/", "/projects", "/gallery"];

async function bodies(server: RunningServer, headers: Record<string, string>) {
  const answers = await Promise.all(
    PAGES.map(async (path) => ({ path, ...(await rawRequest(`${server.url}${path}`, { headers })) })),
  );
  for (const answer of answers) expect(answer.status, answer.path).toBe(200);
  return answers;
}

test.describe("absolute URLs", () => {
  // Three of its servers hold the same records: seeded once (in each worker that runs the file's
  // tests), copied for each, instead of opening the embedded database to seed it three times.
  let seeded: string | undefined;
  test.beforeAll(async () => {
    // Set-up, not the test: on a busy two-core machine it can take a while.
    test.setTimeout(120_000);
    seeded = await seededTemplate(SEED);
  });
  test.afterAll(() => {
    if (seeded) fs.rmSync(seeded, { recursive: true, force: true });
  });

  test("without PUBLIC_URL or TRUST_PROXY: the listening address, whatever Host and X-Forwarded-Host say; no warning", async () => {
    const server = await startServer({ template: seeded });
    try {
      const answers = await bodies(server, HOSTILE);
      for (const answer of answers) {
        expect(answer.body, answer.path).not.toContain("evil.example");
      }
      const [sitemap] = answers;
      expect(sitemap!.body).toContain(`<loc>${server.url}/listed-ship</loc>`);
      const page = (await rawRequest(`${server.url}/listed-ship`, { headers: HOSTILE })).body;
      expect(page).toContain(`<link rel="canonical" href="${server.url}/listed-ship"`);
      expect(page).toContain(`<meta property="og:url" content="${server.url}/listed-ship"`);
      // On loopback without PUBLIC_URL nothing is unsafe: no warning at start.
      expect(fs.readFileSync(server.logFile, "utf8")).not.toContain("PUBLIC_URL is not set");
    } finally {
      await server.stop();
    }
  });

  test("with PUBLIC_URL: always PUBLIC_URL", async () => {
    const server = await startServer({ template: seeded, env: { PUBLIC_URL: "https://portal.example.com" } });
    try {
      for (const answer of await bodies(server, HOSTILE)) {
        expect(answer.body, answer.path).not.toContain("evil.example");
      }
      const sitemap = await rawRequest(`${server.url}/sitemap.xml`, { headers: HOSTILE });
      expect(sitemap.body).toContain("<loc>https://portal.example.com/listed-ship</loc>");
    } finally {
      await server.stop();
    }
  });

  test("with TRUST_PROXY naming the proxy: the host the proxy forwards", async () => {
    const server = await startServer({ template: seeded, env: { TRUST_PROXY: "loopback" } });
    try {
      const sitemap = await rawRequest(`${server.url}/sitemap.xml`, {
        headers: { "X-Forwarded-Host": "portal.example.com", "X-Forwarded-Proto": "https" },
      });
      expect(sitemap.body).toContain("<loc>https://portal.example.com/listed-ship</loc>");
    } finally {
      await server.stop();
    }
  });

  test("a server listening on a public address without PUBLIC_URL warns at start (on loopback: the first test)", async () => {
    const exposed = await startServer({ env: { HOST: "0.0.0.0" } });
    try {
      expect(fs.readFileSync(exposed.logFile, "utf8")).toMatch(/"level":40.*PUBLIC_URL is not set/);
    } finally {
      await exposed.stop();
    }
  });
});
