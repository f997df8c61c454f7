import type http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { db } from "../db";
import { allowLongStatements } from "../db/long-statements";
import { healthHandler } from "./health";

const database = withTestDatabase();

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

async function get(ping: () => Promise<void>, timeoutMs?: number, draining?: () => boolean, path = "/healthz") {
  const app = express();
  app.get("/healthz", healthHandler(ping, timeoutMs, draining));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
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

  test("a database busy with a job's long statements (an import's one transaction) is busy, not down: 200", async () => {
    // On the embedded database such a transaction holds the only session: the ping waits for its
    // commit (seconds for 10,000 rows), and a balancer told 503 would pull a working instance.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const inside = new Promise<void>((resolve) => (opened = resolve));
    const job = allowLongStatements(() =>
      db().transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        opened();
        await held;
      }),
    );
    await inside;
    const ping = () => database.current().ping();
    const busy = database.current().kind === "pglite" ? await get(ping, 100) : undefined;
    // A failing database is down, job or not.
    const failing = await get(async () => {
      throw new Error("connection refused");
    }, 100);
    release();
    await job;
    if (busy) expect(busy).toEqual({ status: 200, body: { status: "ok", database: "busy" }, cache: "no-store" });
    expect(failing).toMatchObject({ status: 503, body: { status: "unavailable" } });
    // Once the job is over, a database that does not answer is down again.
    expect((await get(() => new Promise(() => {}), 50)).status).toBe(503);
    expect((await get(ping)).status).toBe(200); // and the outage it noted is over
  });

  test("?balancer: 200 whatever the database (every instance shares it), 503 once the server is stopping", async () => {
    const down = async () => {
      throw new Error("connection refused");
    };
    expect(await get(down, undefined, () => false, "/healthz?balancer")).toMatchObject({ status: 200 });
    expect(await get(down, undefined, () => true, "/healthz?balancer")).toMatchObject({
      status: 503,
      body: { status: "draining" },
    });
  });
});
