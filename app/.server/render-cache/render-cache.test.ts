// The render cache in front of a small app on a real HTTP server: what it
// stores, what it never stores, and how it answers.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { declareAppRoutes } from "../../../tests/helpers/routes";
import { markServedAs } from "../http/served-as";
import { createRenderCache } from "./render-cache";

// The cacheable pages come from app/route-declarations.ts.
declareAppRoutes();

/** A stand-in for the app: counts renders, and answers each path its own way. */
let renders = 0;
let failing = false;
/** /slow-page waits for this to be opened. */
let gate: Promise<void> = Promise.resolve();
const seen: string[] = [];

function page(title: string, extra = "") {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${extra}<p>render ${renders}</p></body></html>`;
}

const app: http.RequestListener = (req, res) => {
  renders++;
  seen.push(req.url!);
  const url = new URL(req.url!, "http://x");
  const personal = req.headers.cookie?.includes("playfolio.session_token");
  if (failing) {
    res.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "5" }).end("Database unavailable");
    return;
  }
  const html = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=60" };
  switch (url.pathname) {
    case "/castle-keep":
      // What staff would see if the page showed them more (a preview): never for anonymous visitors.
      res.writeHead(200, { ...html, "X-Page": "castle" });
      res.end(page(personal ? "Castle Keep (staff preview)" : "Castle Keep"));
      return;
    case "/tagged-page":
      // What the page is, as a route would say it (http/served-as.ts).
      markServedAs(res, "the tagged page");
      res.writeHead(200, html).end(page("Tagged"));
      return;
    case "/two-links":
      res.setHeader("Link", ["</a.css>; rel=preload; as=style", "</b.css>; rel=preload; as=style"]);
      res.writeHead(200, html).end(page("Links"));
      return;
    case "/sets-cookie":
      res.writeHead(200, { ...html, "Set-Cookie": "playfolio_toast=x; Path=/" }).end(page("Cookie"));
      return;
    case "/private-page":
      res.writeHead(200, { ...html, "Cache-Control": "private, no-store" }).end(page("Private"));
      return;
    case "/per-visitor":
      res.writeHead(200, { ...html, Vary: "Cookie" }).end(page("Varies"));
      return;
    case "/slow-page":
      void gate.then(() => res.writeHead(200, html).end(page("Slow")));
      return;
    case "/projects":
      // A page per query (a search), all held back by one gate.
      void gate.then(() => res.writeHead(200, html).end(page(`Search ${url.searchParams.get("q")}`)));
      return;
    case "/missing-page":
      res.writeHead(404, html).end(page("Not found"));
      return;
    case "/nonce-page": {
      const nonce = crypto.randomBytes(8).toString("base64");
      res.writeHead(200, {
        ...html,
        "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'; frame-ancestors *`,
      });
      res.end(page("Nonce", `<script nonce="${nonce}">document.title = "hi";</script>`));
      return;
    }
    case "/": {
      // Streams in pieces, as React Router writes.
      res.writeHead(200, html);
      res.write(`<!doctype html><html><body><h1>Library ${url.searchParams.toString()}</h1>`);
      setTimeout(() => res.end(`<p>render ${renders}</p></body></html>`), 5);
      return;
    }
    default:
      res.writeHead(200, html).end(page(url.pathname.slice(1)));
  }
};

const versions = {
  stamp: 1,
  version: 1,
  exact: false,
  settling: null as Promise<void> | null,
  rechecks: 0,
  /** Resolves once every instance has heard of a write (the test holds it back). */
  heard: Promise.resolve(),
  recheck() {
    this.rechecks++;
    return this.heard;
  },
  stop: async () => {},
};
let clock = 1_000_000;
/** The tags of the pages answered from memory, as the cache handed them back. */
const served: string[] = [];
const cache = createRenderCache({
  maxBytes: 4 * 1024 * 1024,
  versions,
  keyByOrigin: false,
  now: () => clock,
  onServed: (_req, tag) => served.push(tag),
});

let server: http.Server;
let base: string;
let arrivals = 0;
beforeAll(async () => {
  server = http.createServer(cache.handler(app));
  server.on("request", () => arrivals++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  failing = false;
  versions.stamp++;
  seen.length = 0;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}
const text = async (path: string, headers?: Record<string, string>) => (await request(path, headers)).body.toString();

describe("the render cache", () => {
  test("hands back the tag a page was rendered with on every answer from memory, and never sends it", async () => {
    served.length = 0;
    const first = await request("/tagged-page");
    // The render's own route told itself; only answers the route did not run for are handed back.
    expect(served).toEqual([]);
    const hit = await request("/tagged-page");
    const conditional = await request("/tagged-page", { "If-None-Match": String(hit.headers.etag) });
    expect([first.headers["x-render-cache"], hit.headers["x-render-cache"], conditional.status]).toEqual([
      "miss",
      "hit",
      304,
    ]);
    expect(served).toEqual(["the tagged page", "the tagged page"]);
    expect(JSON.stringify(hit.headers)).not.toContain("tagged page");
    await request("/castle-keep");
    await request("/castle-keep");
    expect(served).toHaveLength(2);
  });

  test("answers the second request from memory, with the status and headers the app rendered", async () => {
    const first = await request("/castle-keep");
    const before = renders;
    const second = await request("/castle-keep");
    expect(renders).toBe(before);
    expect(first.headers["x-render-cache"]).toBe("miss");
    expect(second.headers["x-render-cache"]).toBe("hit");
    expect(second.status).toBe(200);
    expect(second.headers["x-page"]).toBe("castle");
    expect(second.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    expect(second.body.toString()).toBe(first.body.toString());
    expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  test("sends brotli or the plain body as Accept-Encoding asks (the proxy compresses the plain one), each with its own ETag", async () => {
    const plain = await request("/castle-keep");
    const br = await request("/castle-keep", { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await request("/castle-keep", { "Accept-Encoding": "gzip, deflate" });
    const refused = await request("/castle-keep", { "Accept-Encoding": "br;q=0, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    for (const answer of [plain, gzip, refused]) {
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.toString()).toBe(plain.body.toString());
      expect(answer.headers.etag).toBe(plain.headers.etag);
    }
    for (const answer of [plain, br]) {
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    }
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });

  test("answers If-None-Match with 304 and no body; HEAD with the headers only", async () => {
    const first = await request("/castle-keep", { "Accept-Encoding": "br" });
    const again = await request("/castle-keep", { "Accept-Encoding": "br", "If-None-Match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    const weak = await request("/castle-keep", { "If-None-Match": `"other", W/${first.headers.etag}` });
    expect(weak.status).toBe(304);
    const changed = await request("/castle-keep", { "If-None-Match": '"something-else"' });
    expect(changed.status).toBe(200);

    const head = await request("/castle-keep", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-render-cache"]).toBe("hit");
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(changed.body.length);
  });

  test("keys by path and known parameters: unknown ones are dropped, the order does not matter", async () => {
    const first = await text("/?q=tower&utm_source=news&page=2");
    expect(seen).toEqual(["/?page=2&q=tower"]);
    const before = renders;
    expect(await text("/?page=2&q=tower")).toBe(first);
    expect(await text("/?fbclid=abc&page=2&q=tower")).toBe(first);
    expect(renders).toBe(before);
    await text("/?q=slide");
    expect(renders).toBe(before + 1);
  });

  test("a new content version, or an entry older than the TTL, is rendered again", async () => {
    await request("/castle-keep");
    const before = renders;
    versions.stamp++;
    expect((await request("/castle-keep")).headers["x-render-cache"]).toBe("miss");
    expect(renders).toBe(before + 1);
    clock += 61_000;
    expect((await request("/castle-keep")).headers["x-render-cache"]).toBe("miss");
    expect((await request("/castle-keep")).headers["x-render-cache"]).toBe("hit");
    expect(renders).toBe(before + 2);
  });

  test("waits for a version check under way before looking up", async () => {
    await request("/castle-keep");
    let settle!: () => void;
    versions.settling = new Promise<void>((resolve) => (settle = resolve));
    const answer = request("/castle-keep");
    await new Promise((resolve) => setTimeout(resolve, 20));
    versions.stamp++; // the check found a newer version
    versions.settling = null;
    settle();
    expect((await answer).headers["x-render-cache"]).toBe("miss");
  });

  test("renders a page once for many visitors arriving together", async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const before = renders;
    const from = arrivals;
    const pending = Array.from({ length: 20 }, () => request("/slow-page"));
    // Every request is at the server while the first one renders.
    await vi.waitFor(() => expect(arrivals - from).toBe(20));
    open();
    const answers = await Promise.all(pending);
    expect(renders).toBe(before + 1);
    expect(new Set(answers.map((answer) => answer.body.toString())).size).toBe(1);
    expect(answers.filter((answer) => answer.headers["x-render-cache"] === "miss")).toHaveLength(20);
  });

  test("compresses only a few pages at once: a crowd of different pages is answered at once, the rest unstored", async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const { stored, unstored } = cache.stats();
    const from = arrivals;
    const pending = Array.from({ length: 12 }, (_, i) => request(`/projects?q=crowd-${i}`));
    await vi.waitFor(() => expect(arrivals - from).toBe(12));
    open(); // all twelve rendered together
    const answers = await Promise.all(pending);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    answers.forEach((answer, i) => expect(answer.body.toString()).toContain(`Search crowd-${i}`));
    // Two were compressed and stored (the default); ten went out as rendered, unstored.
    expect(cache.stats().stored - stored).toBe(2);
    expect(cache.stats().unstored - unstored).toBe(10);
    expect(answers.filter((answer) => answer.headers["x-render-cache"] === "miss")).toHaveLength(2);
  });

  test("a page rendered for a signed-in person is never stored, never served to anyone else", async () => {
    const staff = { Cookie: "theme=dark; playfolio.session_token=abc.def" };
    const before = renders;
    expect(await text("/castle-keep", staff)).toContain("staff preview");
    expect(await text("/castle-keep", staff)).toContain("staff preview");
    expect(renders).toBe(before + 2);
    const anonymous = await request("/castle-keep");
    expect(anonymous.headers["x-render-cache"]).toBe("miss");
    expect(anonymous.body.toString()).not.toContain("staff preview");
    expect(await text("/castle-keep", staff)).toContain("staff preview");
    expect(cache.stats().bypassed).toBeGreaterThanOrEqual(3);

    // Any of the app's cookies, under any prefix, and credentials: the app answers.
    for (const headers of <Record<string, string>[]>[
      { Cookie: "__Secure-playfolio.session_token=x" },
      { Cookie: "playfolio_toast=y" },
      { Authorization: "Bearer z" },
    ]) {
      const count = renders;
      expect((await request("/castle-keep", headers)).headers["x-render-cache"]).toBeUndefined();
      expect(renders).toBe(count + 1);
    }
    // Other sites' cookies on a shared domain do not make a visitor personal.
    expect((await request("/castle-keep", { Cookie: "_ga=1; theme=dark" })).headers["x-render-cache"]).toBe("hit");
  });

  test.each([
    ["/sets-cookie", "it sets a cookie"],
    ["/private-page", "it is private, no-store"],
    ["/per-visitor", "it varies on a request header the key does not know"],
    ["/missing-page", "it is not a 200"],
  ])("does not store %s: %s", async (path) => {
    const first = await request(path);
    const before = renders;
    const second = await request(path);
    expect(renders).toBe(before + 1);
    expect(second.headers["x-render-cache"]).toBeUndefined();
    expect(second.status).toBe(first.status);
    expect(second.headers["set-cookie"]).toEqual(first.headers["set-cookie"]);
  });

  test("pages outside the public ones and writes go straight to the app", async () => {
    for (const path of ["/admin", "/auth", "/media/x.webp", "/gallery/Bad_Slug", "/assets/app.js"]) {
      const count = renders;
      expect((await request(path)).headers["x-render-cache"]).toBeUndefined();
      expect((await request(path)).headers["x-render-cache"]).toBeUndefined();
      expect(renders).toBe(count + 2);
    }
    const rechecks = versions.rechecks;
    await request("/castle-keep", {}, "POST");
    expect(versions.rechecks).toBe(rechecks + 1);
  });

  test("a write's answer is held until the version is read again and every instance has heard of it", async () => {
    let everyone!: () => void;
    versions.heard = new Promise((resolve) => (everyone = resolve));
    try {
      let answered = false;
      const answer = request("/castle-keep", {}, "POST").then((response) => ((answered = true), response));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
      everyone();
      const { status, headers, body } = await answer;
      expect({ status, page: headers["x-page"] }).toEqual({ status: 200, page: "castle" });
      expect(body.toString()).toContain("<h1>Castle Keep</h1>");
    } finally {
      versions.heard = Promise.resolve();
    }
  });

  test("does not store the first answer's request id: each answer keeps the one the layer in front gave it", async () => {
    // As in server.ts: request tracking names the response before the cache sees it.
    let named = 0;
    const front = http.createServer((req, res) => {
      res.setHeader("X-Request-Id", `request-${++named}`);
      cache.handler(app)(req, res);
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/named-page`;
    try {
      const answers = [];
      for (let i = 0; i < 2; i++) {
        const response = await fetch(url);
        answers.push({ id: response.headers.get("x-request-id"), cache: response.headers.get("x-render-cache") });
      }
      expect(answers).toEqual([
        { id: "request-1", cache: "miss" },
        { id: "request-2", cache: "hit" },
      ]);
    } finally {
      await new Promise<void>((resolve) => front.close(() => resolve()));
    }
  });

  test("a hit that nothing in front named gets a request id of its own, a new one each time", async () => {
    await request("/own-id-page");
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const answer = await request("/own-id-page");
      expect(answer.headers["x-render-cache"]).toBe("hit");
      ids.push(answer.headers["x-request-id"]);
    }
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  test("never stores a page whose policy carries a nonce: each visitor gets its own render", async () => {
    const first = await request("/nonce-page");
    const second = await request("/nonce-page");
    expect(second.headers["x-render-cache"]).not.toBe("hit");
    const nonces = [first, second].map(
      (answer) => /'nonce-([^']+)'/.exec(answer.headers["content-security-policy"] as string)![1],
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("when a fresh render fails, serves the last good one; a page since gone is not brought back", async () => {
    const good = await request("/castle-keep");
    versions.stamp++;
    failing = true;
    const during = await request("/castle-keep");
    expect(during.status).toBe(200);
    expect(during.headers["x-render-cache"]).toBe("stale");
    expect(during.body.toString()).toBe(good.body.toString());
    // Never seen before: nothing to fall back on.
    expect((await request("/never-rendered")).status).toBe(503);

    failing = false;
    await request("/missing-page"); // a 404 is not a good render to keep
    failing = true;
    versions.stamp++;
    expect((await request("/missing-page")).status).toBe(503);
    expect(cache.stats().stale).toBeGreaterThanOrEqual(1);
  });

  test("a page rendered before the content last changed is never the last good one: unpublished, it stays gone in an outage", async () => {
    await request("/castle-keep");
    // A save (an unpublish, say) is heard: the content version moves. Nobody asks for the page meanwhile.
    versions.version++;
    versions.stamp++;
    failing = true;
    const during = await request("/castle-keep");
    expect(during.status).toBe(503);
    expect(during.body.toString()).toBe("Database unavailable");
    // Nor later, in another outage of the same version: the old render is gone for good.
    failing = false;
    versions.stamp++;
    failing = true;
    expect((await request("/castle-keep")).status).toBe(503);
  });
});

describe("answers from memory in front of the app", () => {
  /** The server's arrangement (in-front.ts): memory first, the app's path only when memory cannot answer. */
  async function front() {
    const handled = cache.handler(app);
    const local = http.createServer((req, res) => {
      if (!cache.answerFromMemory(req, res, app)) handled(req, res);
    });
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    return { local, url: `http://127.0.0.1:${(local.address() as AddressInfo).port}` };
  }

  test("a hit writes each stored header once (two values as two lines) and an id of its own", async () => {
    const { local, url } = await front();
    try {
      const answers = [];
      for (let i = 0; i < 2; i++) {
        answers.push(
          await new Promise<http.IncomingMessage>((resolve, reject) =>
            http.get(`${url}/two-links`, (res) => res.resume().on("end", () => resolve(res))).on("error", reject),
          ),
        );
      }
      const [miss, hit] = answers as [http.IncomingMessage, http.IncomingMessage];
      const names = (res: http.IncomingMessage) =>
        res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      expect(hit.headers["x-render-cache"]).toBe("hit");
      expect(miss.headers["x-render-cache"]).toBe("miss");
      expect(names(hit).filter((name) => name === "link")).toHaveLength(2);
      expect(hit.headers.link).toBe("</a.css>; rel=preload; as=style, </b.css>; rel=preload; as=style");
      for (const name of new Set(names(hit)))
        if (name !== "link") expect(names(hit).filter((n) => n === name)).toHaveLength(1);
      expect(hit.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
      expect(hit.headers["x-request-id"]).not.toBe(miss.headers["x-request-id"]);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });

  test("a page it does not hold is left to the app; a render under way is waited for, not repeated", async () => {
    const { local, url } = await front();
    try {
      const before = renders;
      expect((await fetch(`${url}/front-page`)).headers.get("x-render-cache")).toBe("miss");
      expect((await fetch(`${url}/front-page`)).headers.get("x-render-cache")).toBe("hit");
      expect(renders).toBe(before + 1);

      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      const first = fetch(`${url}/slow-page`).then((r) => r.text());
      while (!seen.includes("/slow-page")) await new Promise((resolve) => setTimeout(resolve, 5));
      const second = fetch(`${url}/slow-page`).then((r) => r.text());
      await new Promise((resolve) => setTimeout(resolve, 20));
      open();
      const [a, b] = await Promise.all([first, second]);
      expect(b).toBe(a);
      expect(seen.filter((path) => path === "/slow-page")).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });
});

describe("memory", () => {
  test("is bounded: the least recently used pages go first", async () => {
    const small = createRenderCache({ maxBytes: 16 * 1024, versions, keyByOrigin: true });
    const local = http.createServer(small.handler(app));
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 40; i++) await fetch(`${url}/page-${i}`).then((r) => r.text());
      const stats = small.stats();
      expect(stats.bytes).toBeLessThanOrEqual(16 * 1024);
      expect(stats.evictions).toBeGreaterThan(0);
      expect((await fetch(`${url}/page-39`)).headers.get("x-render-cache")).toBe("hit");
      expect((await fetch(`${url}/page-0`)).headers.get("x-render-cache")).toBe("miss");
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });
});
