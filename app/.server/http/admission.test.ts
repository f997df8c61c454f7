import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
import { type Database, openDatabase } from "../db/client";
import { metrics } from "../metrics";
import { admissionControl, hasSignedSession } from "./admission";
import { requestTracking } from "./request-tracking";

const SECRET = "a-secret-of-at-least-thirty-two-characters";

/** A session cookie signed the way better-auth signs it. */
function sessionCookie(secret = SECRET, name = SESSION_COOKIE_NAME): string {
  const token = crypto.randomBytes(16).toString("hex");
  const signature = crypto.createHmac("sha256", secret).update(token).digest("base64");
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

let server: http.Server;
let url: string;
// Requests to /slow wait until the test lets them go.
const waiting: Array<() => void> = [];
// Requests that reached the app (past admission control).
let reachedApp = 0;
let database: Database;
const answered: string[] = [];

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite-memory" });
  const app = express();
  app.use(requestTracking);
  app.use((_req, _res, next) => {
    reachedApp++;
    next();
  });
  app.get("/slow", (_req, res) => void waiting.push(() => res.send("done")));
  app.get("/fast", (_req, res) => void res.send("fast"));
  app.get("/healthz", (_req, res) => void res.send("ok"));
  // The embedded database: /hold keeps it busy until the test lets go; /query runs one query.
  app.get("/hold", async (_req, res) => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => waiting.push(resolve));
    });
    res.send("held");
  });
  app.get("/query", async (req, res) => {
    await database.db.execute(sql`select 1`);
    answered.push(String(req.query.name));
    res.send("queried");
  });
  server = http.createServer(
    admissionControl(app, {
      limits: { public: 2, staff: 1 },
      secret: () => SECRET,
      exempt: (path) => path === "/healthz",
    }),
  );
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("admission control", () => {
  test("recognizes only session cookies signed with our secret", () => {
    expect(hasSignedSession(sessionCookie(), SECRET)).toBe(true);
    expect(hasSignedSession(`theme=dark; ${sessionCookie(SECRET, `__Secure-${SESSION_COOKIE_NAME}`)}`, SECRET)).toBe(
      true,
    );
    expect(hasSignedSession(sessionCookie("another-secret-another-secret-another"), SECRET)).toBe(false);
    expect(hasSignedSession(`${SESSION_COOKIE_NAME}=just-a-token`, SECRET)).toBe(false);
    expect(hasSignedSession(undefined, SECRET)).toBe(false);
  });

  test("beyond the limit a public request is answered 503 with Retry-After at once; staff keep their own share", async () => {
    const slow = [fetch(`${url}/slow`), fetch(`${url}/slow`)];
    await until(() => waiting.length === 2);

    const before = reachedApp;
    const busy = await fetch(`${url}/fast`, { headers: { Accept: "text/html" } });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(busy.headers.get("cache-control")).toBe("no-store");
    expect(busy.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(busy.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await busy.text()).toContain("<h1>Playfolio is busy</h1>");
    const plain = await fetch(`${url}/fast`, { headers: { Accept: "application/json" } });
    expect(plain.status).toBe(503);
    expect(plain.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await plain.text()).toMatch(/^Playfolio is busy\n/);
    // Refused before any middleware ran: a flood costs no more than this.
    expect(reachedApp).toBe(before);
    // The health check (and static files) are never refused.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // A forged session cookie is public traffic.
    const forged = await fetch(`${url}/fast`, { headers: { Cookie: `${SESSION_COOKIE_NAME}=x.${"A".repeat(43)}=` } });
    expect(forged.status).toBe(503);

    const staff = await fetch(`${url}/fast`, { headers: { Cookie: sessionCookie() } });
    expect(staff.status).toBe(200);

    for (const release of waiting.splice(0)) release();
    expect((await Promise.all(slow)).map((response) => response.status)).toEqual([200, 200]);
    // Capacity comes back as requests finish.
    expect((await fetch(`${url}/fast`)).status).toBe(200);
  });

  test("the staff share is bounded too", async () => {
    const cookie = sessionCookie();
    const slow = fetch(`${url}/slow`, { headers: { Cookie: cookie } });
    await until(() => waiting.length === 1);
    expect((await fetch(`${url}/fast`, { headers: { Cookie: cookie } })).status).toBe(503);
    expect((await fetch(`${url}/fast`)).status).toBe(200);
    waiting.splice(0)[0]!();
    expect((await slow).status).toBe(200);
  });

  test("a staff request's database queries go before the public's waiting ones (embedded database)", async () => {
    const waitingQueries = async () =>
      (await metrics.registry.getMetricsAsJSON())
        .find((metric) => metric.name === "playfolio_db_pool_connections")
        ?.values.find((value) => value.labels.state === "waiting")?.value;
    const hold = fetch(`${url}/hold`);
    await until(() => waiting.length === 1);
    const publicQuery = fetch(`${url}/query?name=public`);
    while ((await waitingQueries()) !== 1) await new Promise((resolve) => setTimeout(resolve, 5));
    const staffQuery = fetch(`${url}/query?name=staff`, { headers: { Cookie: sessionCookie() } });
    while ((await waitingQueries()) !== 2) await new Promise((resolve) => setTimeout(resolve, 5));
    waiting.splice(0)[0]!();
    expect((await Promise.all([hold, publicQuery, staffQuery])).map((response) => response.status)).toEqual([
      200, 200, 200,
    ]);
    expect(answered).toEqual(["staff", "public"]);
  });
});
