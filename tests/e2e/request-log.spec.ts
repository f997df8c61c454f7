// The request log of the built server: one `request` line per answered request,
// with the id the response carries (a proxy's own, when it sends a valid one),
// the path without its query, the status and the time; no header and no query
// string reaches it, and /healthz, polled every few seconds, is not logged.
import fs from "node:fs";
import { launch } from "./support/launch";
import { expect, test } from "./support/fixtures";
import { copyOfTemplate } from "./support/server";

test("one line per request: its id, path, status and time, nothing secret", async () => {
  test.setTimeout(60_000);
  const dataDir = copyOfTemplate();
  const server = await launch({ via: "node", dataDir, env: { LOG_LEVEL: "info" } });
  try {
    await server.healthy();
    const named = await fetch(`${server.url}/no/such/page?token=query-secret`, {
      headers: {
        "X-Request-Id": "proxy-id-1234",
        Cookie: "playfolio_toast=cookie-secret",
        Authorization: "Bearer header-secret",
      },
    });
    expect(named.status).toBe(404);
    expect(named.headers.get("x-request-id")).toBe("proxy-id-1234");
    const own = await fetch(`${server.url}/auth`, { headers: { "X-Request-Id": "bad id" } });
    const ownId = own.headers.get("x-request-id")!;
    expect(ownId).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${server.url}/healthz`);

    const lines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    // Each line is written when its answer has finished, on a loaded machine after the next request's.
    await expect
      .poll(() => ["proxy-id-1234", ownId].filter((id) => lines().some((line) => line.reqId === id)).length, {
        message: server.output(),
        timeout: 15_000,
      })
      .toBe(2);
    expect(lines().find((line) => line.reqId === "proxy-id-1234")).toMatchObject({
      level: 30,
      method: "GET",
      path: "/no/such/page",
      status: 404,
      group: "public",
      ms: expect.any(Number),
    });
    expect(lines().find((line) => line.reqId === ownId)).toMatchObject({ path: "/auth", status: 200 });
    expect(lines().some((line) => line.path === "/healthz")).toBe(false);
    expect(JSON.stringify(lines())).not.toMatch(/query-secret|cookie-secret|header-secret/);
    expect(server.output()).not.toMatch(/cookie-secret|header-secret/);
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
