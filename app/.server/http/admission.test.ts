import crypto from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
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

beforeAll(async () => {
  const app = express();
  app.use(requestTracking);
  app.use(admissionControl({ limits: { public: 2, staff: 1 }, secret: () => SECRET }));
  app.get("/slow", (_req, res) => void waiting.push(() => res.send("done")));
  app.get("/fast", (_req, res) => void res.send("fast"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

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

    const busy = await fetch(`${url}/fast`, { headers: { Accept: "text/html" } });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(busy.headers.get("cache-control")).toBe("no-store");
    const page = await busy.text();
    expect(page).toContain("<h1>Playfolio is busy</h1>");
    expect(page).toContain(`Reference: ${busy.headers.get("x-request-id")}`);

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
});
