import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, test } from "vitest";
import { healthHandler } from "./health";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

async function get(ping: () => Promise<void>, timeoutMs?: number, draining?: () => boolean) {
  const app = express();
  app.get("/healthz", healthHandler(ping, timeoutMs, draining));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  return { status: response.status, body: await response.json(), cache: response.headers.get("cache-control") };
}

describe("GET /healthz", () => {
  test("200 when the database answers", async () => {
    expect(await get(async () => {})).toEqual({ status: 200, body: { status: "ok" }, cache: "no-store" });
  });

  test("503 when the database fails", async () => {
    const result = await get(async () => {
      throw new Error("connection refused");
    });
    expect(result).toMatchObject({ status: 503, body: { status: "unavailable" } });
  });

  test("503 when the database hangs", async () => {
    const result = await get(() => new Promise(() => {}), 50);
    expect(result.status).toBe(503);
  });

  test("503 at once while the server drains for a shutdown, even with the database up", async () => {
    const result = await get(
      async () => {},
      undefined,
      () => true,
    );
    expect(result).toMatchObject({ status: 503, body: { status: "draining" } });
  });

  test("a drain that begins while the database answers is what the answer says (never 200 with Connection: close)", async () => {
    let draining = false;
    const result = await get(
      async () => {
        draining = true; // SIGTERM arrives while the ping is out
      },
      undefined,
      () => draining,
    );
    expect(result).toMatchObject({ status: 503, body: { status: "draining" } });
  });
});
