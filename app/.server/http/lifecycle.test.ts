// The HTTP server's own slow-loris defence (decision 0082 replaced the
// half-open probe with this test): a connection whose request head never ends
// is answered 408 and closed by the server after `headersTimeout`, while other
// requests are answered meanwhile. The production values are the documented ones
// (docs/operations.md, "Timeouts and limits"); here the timeout is shortened.
import type http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import express from "express";
import { createDrain, createHttpServer, drainServer, HTTP_TIMEOUTS, listenerCopiesReady } from "./lifecycle";

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  if (server?.listening) await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function listen(timeouts?: typeof HTTP_TIMEOUTS): Promise<number> {
  server = createHttpServer((_req, res) => res.end("ok"), timeouts);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A connection that sends half a request head, then nothing; resolves with what it read once the server closes it. */
function halfOpen(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}

describe("HTTP server timeouts", () => {
  test("the server has the documented timeouts", async () => {
    await listen();
    expect(server).toMatchObject({ headersTimeout: 20_000, requestTimeout: 300_000, keepAliveTimeout: 5_000 });
  });

  test("half-open connections get a 408 and are closed after the headers timeout; other requests are answered meanwhile", async () => {
    const port = await listen({ ...HTTP_TIMEOUTS, headersTimeout: 400, connectionsCheckingInterval: 50 });
    const closed = Array.from({ length: 50 }, () => halfOpen(port));
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(await answer.text()).toBe("ok");
    for (const received of await Promise.all(closed)) expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe("the drain", () => {
  test("says it is stopping at once, goes on serving new connections for the notice, then refuses them", async () => {
    const drain = createDrain();
    const app = express();
    app.use(drain.track);
    app.get("/", (_req, res) => void res.send("ok"));
    server = createHttpServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;

    const drained = drainServer(server, drain, { noticeMs: 400, timeoutMs: 1000 });
    expect(drain.isStopping()).toBe(true);
    // A balancer's health check now hears 503; whatever it already sent here is served as before.
    const during = await fetch(`http://127.0.0.1:${port}/`);
    expect(await during.text()).toBe("ok");
    expect(during.headers.get("connection")).toBe("keep-alive");
    expect(drain.isDraining()).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(drain.isDraining()).toBe(true);
    // A kept connection is answered once more, saying close; a new one is refused.
    expect((await fetch(`http://127.0.0.1:${port}/`)).headers.get("connection")).toBe("close");
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve("accepted"));
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
    await drained;
  });
});

describe("a crowd of new connections", () => {
  test("a busy server accepts 64 new connections in a few turns of its event loop, not one per turn", async () => {
    const port = await listen();
    await listenerCopiesReady(server!);
    let accepted = 0;
    server!.on("connection", () => accepted++);
    // Each turn of the loop busy for 20 ms, as while pages render under a flood.
    let turns = 0;
    const busy = setInterval(() => {
      turns++;
      const started = Date.now();
      while (Date.now() - started < 20);
    }, 0);
    const sockets = Array.from({ length: 64 }, () => net.connect(port, "127.0.0.1"));
    try {
      while (accepted < 64) await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      clearInterval(busy);
      for (const socket of sockets) socket.destroy();
    }
    // One listening handle accepts one connection per turn (Node 20's libuv): 64 turns.
    expect(turns).toBeLessThan(16);
  });

  test("the drain closes every copy of the listening socket: a new connection is refused", async () => {
    const port = await listen();
    await listenerCopiesReady(server!);
    await drainServer(server!, createDrain(), { noticeMs: 0, timeoutMs: 1000 });
    const refused = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<string>((resolve) => {
            const socket = net.connect(port, "127.0.0.1", () => {
              socket.destroy();
              resolve("accepted");
            });
            socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
          }),
      ),
    );
    expect(refused).toEqual(Array(20).fill("ECONNREFUSED"));
  });
});
