// Admission control in front of a small Express app on a real HTTP server, and
// behind a real render cache; who is staff is asked of better-auth on a real
// database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { declareAppRoutes } from "../../../tests/helpers/routes";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
import { withTestDatabase } from "../../../tests/helpers/database";
import { createUser, type TestUser } from "../../../tests/helpers/users";
import { isStaffSession } from "../auth/access";
import { createRenderCache } from "../render-cache/render-cache";
import { inFrontOf } from "../render-cache/in-front";
import { admissionGate } from "./admission";
import { trackRequest } from "./request-tracking";

// The cacheable pages come from app/route-declarations.ts.
declareAppRoutes();

// Requests to /slow/… wait until the test lets them go (each its own path: the cache renders a page once for many).
const waiting: Array<() => void> = [];
/** Paths the app was asked for. */
const reached: string[] = [];
let draining = false;

const app = express();
app.use((req, res, next) => {
  reached.push(req.path);
  // Only /page may be kept by the render cache.
  res.set("Cache-Control", "no-store");
  next();
});
app.use(trackRequest);
app.get("/slow/:n", (_req, res) => void waiting.push(() => res.send("done")));
app.get(["/fast", "/healthz"], (_req, res) => void res.send("fast"));
app.get("/page", (_req, res) =>
  res.set("Cache-Control", "public, max-age=0, s-maxage=60").type("html").send(`<h1>Page ${version.stamp}</h1>`),
);

const gate = admissionGate({
  limits: { public: 2, staff: 1 },
  isStaff: isStaffSession,
  exempt: (path) => path === "/healthz",
  isDraining: () => draining,
});
const version = { stamp: 1, version: 1, exact: true, settling: null, recheck: async () => {}, stop: async () => {} };
const cache = createRenderCache({ maxBytes: 1024 * 1024, versions: version, keyByOrigin: false });
const drain = { isDraining: () => draining };

let server: http.Server;
let url: string;
let staff: TestUser;
withTestDatabase();
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
  server = http.createServer(inFrontOf(app, cache, drain, gate));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  draining = false;
  for (const release of waiting.splice(0)) release();
});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Holds both public places until the test lets them go. */
async function fillPublicPool() {
  const slow = [fetch(`${url}/slow/1`), fetch(`${url}/slow/2`)];
  await until(() => waiting.length === 2);
  return async () => {
    for (const release of waiting.splice(0)) release();
    return (await Promise.all(slow)).map((response) => response.status);
  };
}

describe("admission control", () => {
  test("only staff and admins count as staff: a pending account's requests use the public share", async () => {
    const pending = await createUser({ role: "pending" });
    const admin = await createUser({ role: "admin" });
    const release = await fillPublicPool();
    expect((await fetch(`${url}/fast`, { headers: { Cookie: pending.cookie } })).status).toBe(503);
    expect((await fetch(`${url}/fast`, { headers: { Cookie: staff.cookie } })).status).toBe(200);
    expect((await fetch(`${url}/fast`, { headers: { Cookie: admin.cookie } })).status).toBe(200);
    await release();
  });

  test("beyond the limit a public request is answered 503 with Retry-After at once, never reaching the app; staff keep their own share", async () => {
    const release = await fillPublicPool();
    reached.length = 0;

    const busy = await fetch(`${url}/fast`, { headers: { Accept: "text/html" } });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(busy.headers.get("cache-control")).toBe("no-store");
    expect(busy.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await busy.text();
    expect(page).toContain("<h1>Playfolio is busy</h1>");
    expect(page).toContain(`Reference: ${busy.headers.get("x-request-id")}`);
    expect(reached).toEqual([]);

    // A forged session cookie is public traffic, and so is a staff member's token with a forged signature.
    const forged = await fetch(`${url}/fast`, { headers: { Cookie: `${SESSION_COOKIE_NAME}=x.${"A".repeat(43)}=` } });
    expect(forged.status).toBe(503);
    const token = decodeURIComponent(staff.cookie.split(`${SESSION_COOKIE_NAME}=`)[1]!.split(";")[0]!).split(".")[0];
    const resigned = `${SESSION_COOKIE_NAME}=${encodeURIComponent(`${token}.${"B".repeat(43)}=`)}`;
    expect((await fetch(`${url}/fast`, { headers: { Cookie: resigned } })).status).toBe(503);

    expect((await fetch(`${url}/fast`, { headers: { Cookie: staff.cookie } })).status).toBe(200);

    expect(await release()).toEqual([200, 200]);
    // Capacity comes back as requests finish.
    expect((await fetch(`${url}/fast`)).status).toBe(200);
  });

  test("a busy answer carries the security headers of every response, a proxy's request id, and suits the client", async () => {
    const release = await fillPublicPool();
    const busy = await fetch(`${url}/fast`, { headers: { Accept: "text/plain", "X-Request-Id": "proxy-id-1234" } });
    expect(busy.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(busy.headers.get("x-content-type-options")).toBe("nosniff");
    expect(busy.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(busy.headers.get("x-request-id")).toBe("proxy-id-1234");
    expect(busy.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await busy.text()).toBe(
      "Playfolio is busy\nToo many people are using Playfolio at this moment. Please try again in a few seconds.\nReference: proxy-id-1234",
    );

    const head = await fetch(`${url}/fast`, { method: "HEAD" });
    expect(head.status).toBe(503);
    expect(await head.text()).toBe("");
    await release();
  });

  test("what renders nothing is never counted nor refused", async () => {
    const release = await fillPublicPool();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await release();
  });

  test("while the server drains, a refused request's connection is closed after it", async () => {
    const release = await fillPublicPool();
    draining = true;
    const busy = await new Promise<http.IncomingMessage>((resolve) => http.get(`${url}/fast`, resolve));
    busy.resume();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers.connection).toBe("close");
    draining = false;
    await release();
  });

  test("the staff share is bounded too", async () => {
    const cookie = staff.cookie;
    const slow = fetch(`${url}/slow/3`, { headers: { Cookie: cookie } });
    await until(() => waiting.length === 1);
    expect((await fetch(`${url}/fast`, { headers: { Cookie: cookie } })).status).toBe(503);
    expect((await fetch(`${url}/fast`)).status).toBe(200);
    waiting.splice(0)[0]!();
    expect((await slow).status).toBe(200);
  });

  test("behind the render cache: a hit is never refused; a page that changed is refused, never served as it was", async () => {
    const first = await fetch(`${url}/page`);
    expect(await first.text()).toBe("<h1>Page 1</h1>");
    const release = await fillPublicPool();

    const hit = await fetch(`${url}/page`);
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe("<h1>Page 1</h1>");

    version.stamp++;
    const changed = await fetch(`${url}/page`);
    expect(changed.status).toBe(503);
    expect(await changed.text()).toContain("Playfolio is busy");

    await release();
    expect(await (await fetch(`${url}/page`)).text()).toBe("<h1>Page 2</h1>");
  });
});
