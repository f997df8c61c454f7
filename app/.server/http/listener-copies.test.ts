import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { acceptQueueLength } from "./accept-queue";
import { createDrain, drainServer } from "./lifecycle";
import { addListenerCopies, type ListenerCopies } from "./listener-copies";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function listen(handler: http.RequestListener = (_req, res) => res.end("ok")) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  let accepted = 0;
  server.on("connection", () => accepted++);
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { server, port: (server.address() as AddressInfo).port, accepted: () => accepted };
}

function withCopies(server: http.Server, count?: number): ListenerCopies {
  const copies = addListenerCopies(server, count);
  cleanups.push(() => copies.close());
  return copies;
}

/**
 * Opens `count` connections from another process and waits, without letting this
 * event loop turn, until the kernel holds them all unaccepted; then counts how many
 * the server has accepted after each of `turns` turns of the loop.
 */
async function acceptedPerTurn(port: number, accepted: () => number, count: number, turns: number) {
  const client = spawn(
    process.execPath,
    [
      "-e",
      `const net = require("node:net");
       for (let i = 0; i < ${count}; i++) net.connect(${port}, "127.0.0.1").on("error", () => {});
       setTimeout(() => {}, 60_000);`,
    ],
    { stdio: "ignore" },
  );
  cleanups.push(async () => client.kill());
  const started = Date.now();
  // A synchronous wait: the loop must not accept anything meanwhile.
  while ((acceptQueueLength(port) ?? 0) < count) {
    if (Date.now() - started > 20_000) throw new Error(`only ${acceptQueueLength(port)} connections queued`);
  }
  const counts: number[] = [];
  for (let turn = 0; turn < turns; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    counts.push(accepted());
  }
  return counts;
}

/** "connected", or the error code of a refused connection. */
function connect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("connect", () => resolve("connected")).on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? ""));
    cleanups.push(async () => socket.destroy());
  });
}

describe("listener copies", () => {
  test("one listening handle accepts one connection per turn of the event loop (why the copies exist)", async () => {
    const { port, accepted } = await listen();
    const counts = await acceptedPerTurn(port, accepted, 100, 10);
    expect(counts.at(-1)).toBeLessThanOrEqual(10);
  });

  test("with 32 copies a burst of 200 connections is accepted within 10 turns", async () => {
    const { server, port, accepted } = await listen();
    expect(await withCopies(server, 32).ready).toBe(32);
    const counts = await acceptedPerTurn(port, accepted, 200, 10);
    expect(counts.at(-1)).toBe(200);
  });

  test("requests on connections the copies accepted are answered by the server's handler", async () => {
    const { server, port } = await listen((req, res) => res.end(`answered ${req.url}`));
    await withCopies(server, 4).ready;
    const bodies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`http://127.0.0.1:${port}/${i}`, { headers: { Connection: "close" } }).then((r) => r.text()),
      ),
    );
    expect(bodies).toEqual(Array.from({ length: 40 }, (_, i) => `answered /${i}`));
  });

  test("a drain waits for a request a copy accepted, then no handle accepts any more", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { server, port } = await listen(
      (_req, res) => void held.then(() => res.writeHead(200, { Connection: "close" }).end("late")),
    );
    // Only copies accept: the server's own handle stops, as it would if the copies won every race.
    const copies = withCopies(server, 2);
    await copies.ready;
    net.Server.prototype.close.call(server);
    const response = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 100));

    let drained = false;
    const draining = drainServer(server, createDrain(), 10_000, copies).then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(drained).toBe(false);
    release();
    expect(await response).toBe("late");
    await draining;
    expect(await connect(port)).toBe("ECONNREFUSED");
  });

  test("connections the child accepted while it held the socket are served, and the drain waits for them", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { server, port } = await listen(
      (_req, res) => void held.then(() => res.writeHead(200, { Connection: "close" }).end("late")),
    );
    const marker = path.join(os.tmpdir(), `listener-copies-${process.pid}-${port}`);
    cleanups.push(async () => fs.rmSync(marker, { force: true }));
    const client = spawn(
      process.execPath,
      [
        "-e",
        `const net = require("node:net"), fs = require("node:fs");
         let connected = 0;
         setTimeout(() => {
           for (let i = 0; i < 3; i++)
             net.connect(${port}, "127.0.0.1", function () {
               this.write("GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n");
               this.on("data", (chunk) => process.stdout.write(chunk.toString().includes("late") ? "late\\n" : ""));
               if (++connected === 3) fs.writeFileSync(${JSON.stringify(marker)}, "");
             });
         }, 300);`,
      ],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    cleanups.push(async () => client.kill());
    let answers = "";
    client.stdout.on("data", (chunk) => (answers += chunk));
    const copies = withCopies(server, 2);
    // This loop does not turn until the child has accepted all three: only it can.
    const started = Date.now();
    while (!fs.existsSync(marker) || acceptQueueLength(port) !== 0) {
      if (Date.now() - started > 20_000) throw new Error("the child did not accept the connections");
    }
    await copies.ready;

    let drained = false;
    const draining = drainServer(server, createDrain(), 10_000, copies).then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(drained).toBe(false);
    release();
    await draining;
    await new Promise((resolve) => client.once("close", resolve));
    expect(answers).toBe("late\nlate\nlate\n");
  });

  test.each([0, 20, 40, 60, 80, 120])(
    "closed %i ms after they were asked for: no copy is left listening",
    async (delayMs) => {
      const { server, port } = await listen();
      const copies = withCopies(server, 8);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await copies.close();
      net.Server.prototype.close.call(server);
      expect(await connect(port)).toBe("ECONNREFUSED");
    },
  );
});
