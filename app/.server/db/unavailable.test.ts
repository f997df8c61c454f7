import net from "node:net";
import type pg from "pg";
import { afterAll, describe, expect, test, vi } from "vitest";
import { logger } from "../logger";
import { openDatabase } from "./client";
import {
  isDatabaseUnavailable,
  isInDatabaseOutage,
  noteDatabaseAvailable,
  noteDatabaseUnavailable,
} from "./unavailable";

const sockets = new Set<net.Socket>();
const servers: net.Server[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** What a PostgreSQL frozen by SIGSTOP looks like to a client: the kernel accepts, nothing ever answers. */
async function frozenServer(): Promise<string> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `postgres://nobody@127.0.0.1:${(server.address() as net.AddressInfo).port}/none`;
}

async function closedPort(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `postgres://nobody@127.0.0.1:${port}/none`;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );
}

describe("a database that cannot answer", () => {
  test("a frozen server fails the query after the connect timeout instead of hanging", async () => {
    const database = await openDatabase({ kind: "postgres", url: await frozenServer(), timeouts: { connectMs: 300 } });
    const error = await failureOf(database.ping());
    expect(isDatabaseUnavailable(error)).toBe(true);
    await database.close();
  });

  test("a stopped server (connection refused) is unavailable", async () => {
    const database = await openDatabase({ kind: "postgres", url: await closedPort() });
    const error = await failureOf(database.ping());
    expect(isDatabaseUnavailable(error)).toBe(true);
    await database.close();
  });

  test.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    "a statement over the statement timeout is cancelled and counts as unavailable",
    async () => {
      const database = await openDatabase({
        kind: "postgres",
        url: process.env.TEST_DATABASE_URL!,
        timeouts: { statementMs: 200 },
      });
      const error = await failureOf((database.raw as pg.Pool).query("select pg_sleep(5)"));
      expect(isDatabaseUnavailable(error)).toBe(true);
      await database.close();
    },
  );

  test("errors of the query itself are not outages, wrapped or not", () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: unique }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
  });

  test("which codes say the database cannot answer, and which do not", () => {
    const unavailable = ["EOPENBREAKER", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"];
    unavailable.push(
      "ENETUNREACH",
      "ENOTFOUND",
      "EAI_AGAIN",
      "57014",
      "57P01",
      "57P02",
      "57P03",
      "53300",
      "08006",
      "08P01",
    );
    const others = ["ECONNABORTED", "ENOENT", "EACCES", "57P04", "53200", "23505", "22021", "0A000", "40001", "42P01"];
    const of = (code: string) => isDatabaseUnavailable(Object.assign(new Error("failed"), { code }));
    expect(unavailable.filter((code) => !of(code))).toEqual([]);
    expect(others.filter(of)).toEqual([]);
  });

  test("an outage is logged once, however many requests fail, and its end once", () => {
    const error = vi.spyOn(logger(), "error").mockImplementation(() => {});
    const info = vi.spyOn(logger(), "info").mockImplementation(() => {});
    for (let i = 0; i < 5; i++) noteDatabaseUnavailable(new Error("Connection terminated unexpectedly"));
    expect(isInDatabaseOutage()).toBe(true);
    expect(error.mock.calls.map((call) => call[1])).toEqual(["database unavailable"]);
    noteDatabaseAvailable();
    noteDatabaseAvailable();
    expect(info.mock.calls.map((call) => call[1])).toEqual(["database available again"]);
    expect(isInDatabaseOutage()).toBe(false);
  });
});
