// Admission control gives back every slot it hands out, however a request ends:
// finished, or its client gone while its session is looked up (the lookup then
// answering, or failing), while the app renders, halfway through the body, the
// app cutting the connection, the server's request timeout. Real sockets on a
// real server; the session lookup answers when the test says, so a client can
// leave in the middle of it. After each way of ending, the whole share is
// admitted again and not one request more.
import type http from "node:http";
import net from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
import type { AdmissionPool } from "./admission";
import { admissionGate } from "./admission";
import { createHttpServer, HTTP_TIMEOUTS } from "./lifecycle";

const LIMIT = 2;
const COOKIES: Record<AdmissionPool, string> = {
  staff: `${SESSION_COOKIE_NAME}=staff`,
  public: `${SESSION_COOKIE_NAME}=pending`,
};

/** Session lookups the test answers itself (`hold` in the cookie): true for staff, an Error for a database that is down. */
const lookups: Array<(answer: boolean | Error) => void> = [];
/** Responses the app holds until the test ends them. */
const held: http.ServerResponse[] = [];

const app = express();
app.get("/hold", (_req, res) => void held.push(res));
app.get("/fast", (_req, res) => void res.send("fast"));
app.get("/stream", (_req, res) => {
  res.writeHead(200, { "Content-Type": "text/plain" });
  res.write("first part");
  held.push(res);
});
app.get("/fail", (_req, res) => void res.destroy(new Error("the app gave up")));
app.post("/upload", express.text({ type: "*/*" }), (_req, res) => void res.send("read"));

const newGate = () =>
  admissionGate({
    limits: { public: LIMIT, staff: LIMIT },
    isStaff: (cookie) =>
      cookie.includes("hold")
        ? new Promise((resolve, reject) =>
            lookups.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer))),
          )
        : Promise.resolve(cookie.includes("staff")),
    exempt: () => false,
    isDraining: () => false,
  });

let server: http.Server;
let port: number;
/** The server's side of each connection, by the client's port. */
const serverSides = new Map<number, net.Socket>();

// A gate of its own for each test: a slot one test leaks is not another's failure.
beforeEach(async () => {
  server = createHttpServer(newGate()(app), {
    ...HTTP_TIMEOUTS,
    requestTimeout: 300,
    headersTimeout: 300,
    connectionsCheckingInterval: 50,
  });
  server.on("connection", (socket) => serverSides.set(socket.remotePort!, socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterEach(async () => {
  for (const res of held.splice(0)) res.end();
  for (const answer of lookups.splice(0)) answer(false);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited 5 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A connection that sends `request` as it is; resolves with everything read once it closes. */
function connect(request: string) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString()));
  socket.on("error", () => {});
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  const opened = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  void opened.then(() => socket.write(request));
  return {
    received: () => received,
    closed,
    /** The client leaves; resolves once the server has seen its connection close. */
    async leave() {
      await opened;
      await until(() => serverSides.has(socket.localPort!), "the server to see the connection");
      const side = serverSides.get(socket.localPort!)!;
      const gone = new Promise((resolve) => (side.destroyed ? resolve(undefined) : side.once("close", resolve)));
      socket.destroy();
      await gone;
    },
  };
}

const get = (path: string, cookie?: string) =>
  `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`;

/** The pool admits exactly its share: LIMIT requests reach the app at once, the next is refused. */
async function expectWholeShare(pool: AdmissionPool) {
  const holding = Array.from({ length: LIMIT }, () => connect(get("/hold", COOKIES[pool])));
  await until(
    () => held.length === LIMIT || holding.some((one) => one.received().startsWith("HTTP/1.1 503")),
    `${LIMIT} ${pool} requests at the app`,
  );
  expect(held, `${pool} slots still taken by requests that ended`).toHaveLength(LIMIT);
  expect(await connect(get("/fast", COOKIES[pool])).closed).toMatch(/^HTTP\/1\.1 503 /);
  for (const res of held.splice(0)) res.end("done");
  for (const answer of await Promise.all(holding.map((one) => one.closed))) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
}

describe("every admission slot comes back, however its request ends", () => {
  test("a request that finishes", async () => {
    for (let i = 0; i < LIMIT + 1; i++) expect(await connect(get("/fast", COOKIES.staff)).closed).toMatch(/ 200 /);
    await expectWholeShare("staff");
  });

  test.each([
    { then: "answering", answer: true, pool: "staff" as const },
    // The database is down: the request counts as anyone's.
    { then: "failing", answer: new Error("the database is down"), pool: "public" as const },
  ])("a signed-in client that leaves while its session is looked up, the lookup then $then", async (when) => {
    for (let i = 0; i < LIMIT + 1; i++) {
      const client = connect(get("/fast", `${COOKIES.staff}; hold`));
      await until(() => lookups.length === 1, "the session lookup");
      await client.leave();
      lookups.shift()!(when.answer);
    }
    await expectWholeShare(when.pool);
  });

  test("a client that leaves while the app renders, and one that leaves halfway through the body", async () => {
    for (const pool of ["public", "staff"] as const) {
      for (let i = 0; i < LIMIT + 1; i++) {
        const rendering = connect(get("/hold", COOKIES[pool]));
        await until(() => held.length === 1, "the app to hold the request");
        await rendering.leave();
        held.shift()!.end();

        const streaming = connect(get("/stream", COOKIES[pool]));
        await until(() => streaming.received().includes("first part"), "the first part of the body");
        await streaming.leave();
        held.shift()!.end();
      }
      await expectWholeShare(pool);
    }
  });

  test("the app cutting the connection, and the server's request timeout cutting a body that never came", async () => {
    for (let i = 0; i < LIMIT + 1; i++) {
      expect(await connect(get("/fail", COOKIES.staff)).closed).toBe("");
      const slowBody = connect(
        `POST /upload HTTP/1.1\r\nHost: test\r\nCookie: ${COOKIES.staff}\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nonly ten b`,
      );
      // The server answers 408 or just closes; either way the connection ends without the app's answer.
      expect(await slowBody.closed).not.toContain("read");
    }
    await expectWholeShare("staff");
  });
});
