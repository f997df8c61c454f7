// Timeouts and graceful shutdown (decision 0042). The drain is ours: it must lose no request of a
// client or balancer that honours `Connection: close`.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import closeWithGrace from "close-with-grace";
import type { NextFunction, Request, Response } from "express";
import { logger } from "../logger";

export const HTTP_TIMEOUTS = {
  /** The whole request head must arrive within this (slow-loris defence). */
  headersTimeout: 20_000,
  /** The whole request, body included (a 20 MB upload on a slow link fits). */
  requestTimeout: 300_000,
  /** An idle keep-alive connection is closed after this; clients are told (Keep-Alive: timeout=5). */
  keepAliveTimeout: 5_000,
  /** How often the two limits above are checked (Node's default is 30 s). */
  connectionsCheckingInterval: 1_000,
};

/** `timeouts` other than the production ones are for tests. */
export function createHttpServer(app: http.RequestListener, timeouts = HTTP_TIMEOUTS): http.Server {
  const server = http.createServer(timeouts, app);
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.once("listening", () => copyListener(server));
  return server;
}

// Node 20 accepts one connection per listening handle per loop turn: a crowd of new connections to a busy
// instance waits unread (decision 0114). Each copy accepts one more per turn. Node has no dup(): a child
// gets the socket over IPC and sends it back, each passage a new descriptor for the same socket.
const COPIES = 16;
// Until it exits the child listens too: what it accepts goes back unread (pauseOnConnect).
// It exits within 5 s whatever happens (its parent dead, a send stuck): a copy it kept would hold the port.
const CHILD = `const stop = setTimeout(() => process.exit(0), 5000);
process.on("message", (count, server) => {
  server.pauseOnConnect = true;
  server.on("connection", (socket) => process.send("connection", socket));
  for (let i = 0; i < count; i++)
    process.send("listener", server, () => {
      if (i < count - 1) return;
      stop.unref();
      // Not close's callback: it would wait for the connections handed back.
      server.close();
      process.disconnect();
    });
});`;
/** Per server: its copies once they have come, and what the child accepted and handed back. */
const copies = new WeakMap<http.Server, { ready: Promise<net.Server[]>; handedBack: Set<net.Socket> }>();

function copyListener(server: http.Server) {
  const made: net.Server[] = [];
  const handedBack = new Set<net.Socket>();
  // No NODE_OPTIONS (a preload or a loader has no business here), no stdio.
  const child = spawn(process.execPath, ["-e", CHILD], { stdio: ["ignore", "ignore", "ignore", "ipc"], env: {} });
  child.on("message", (kind, handle) => {
    if (kind === "connection" && handle instanceof net.Socket) {
      // No listening handle of ours counts it: counted here, for the drain.
      handedBack.add(handle);
      handle.once("close", () => handedBack.delete(handle));
      server.emit("connection", handle);
    }
    if (kind !== "listener" || !(handle instanceof net.Server)) return;
    handle.on("connection", (socket) => server.emit("connection", socket));
    handle.on("error", (error) => logger().warn({ err: error }, "a copy of the listening socket failed to accept"));
    made.push(handle);
  });
  child.send(COPIES, server);
  const ready = new Promise<net.Server[]>((resolve) => {
    child.once("error", (error) => {
      logger().warn({ err: error }, "no copies of the listening socket: one new connection per turn");
      resolve(made);
    });
    // After the channel's last message is read.
    child.once("close", () => resolve(made));
  });
  copies.set(server, { ready, handedBack });
}

/** Resolves once the listening socket's copies have arrived (for tests). */
export async function listenerCopiesReady(server: http.Server): Promise<number> {
  return (await copies.get(server)?.ready)?.length ?? 0;
}

export interface Drain {
  /** Express middleware: remembers responses in flight; marks responses `Connection: close` while draining. */
  track(req: Request, res: Response, next: NextFunction): void;
  /** From the signal on: what /healthz says. */
  isStopping(): boolean;
  /** From the moment the listening socket closes. */
  isDraining(): boolean;
  announce(): void;
  start(): void;
}

export function createDrain(): Drain {
  let stopping = false;
  let draining = false;
  const open = new Set<Response>();
  return {
    track(_req, res, next) {
      if (draining) res.setHeader("Connection", "close");
      open.add(res);
      res.once("close", () => open.delete(res));
      next();
    },
    isStopping: () => stopping,
    isDraining: () => draining,
    announce() {
      stopping = true;
    },
    start() {
      stopping = true;
      draining = true;
      // Responses in flight whose head is not written yet close their connection after them.
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
    },
  };
}

/** Drains `server`; `closing` is called as the listening socket closes. Resolves once every connection is closed. */
export async function drainServer(
  server: http.Server,
  drain: Drain,
  options: { timeoutMs: number; noticeMs: number; closing?: () => void },
): Promise<void> {
  const { timeoutMs } = options;
  drain.announce();
  if (options.noticeMs > 0) await new Promise((resolve) => setTimeout(resolve, options.noticeMs));
  drain.start();
  options.closing?.();
  // net.Server's close, not http.Server's: the latter also cuts idle keep-alive connections. Each
  // copy counts the connections it accepted, as the server counts its own.
  const { ready, handedBack } = copies.get(server) ?? { ready: Promise.resolve([]), handedBack: new Set() };
  const listeners = [server, ...(await ready)];
  const closed = Promise.all([
    ...listeners.map((listener) => new Promise((resolve) => net.Server.prototype.close.call(listener, resolve))),
    ...[...handedBack].map((socket) => new Promise((resolve) => socket.once("close", resolve))),
  ]);
  const force = setTimeout(() => {
    logger().warn(`shutdown: requests still open after ${timeoutMs} ms are cut off`);
    server.closeAllConnections();
  }, timeoutMs);
  await closed;
  clearTimeout(force);
}

/** Calls `stop` on the first terminating signal or uncaught error, then exits (1 after an error or a late stop). */
export function exitGracefully(stop: () => Promise<void>, timeoutMs: number): void {
  closeWithGrace(
    {
      delay: timeoutMs,
      logger: { error: (message: unknown) => logger().error(message instanceof Error ? { err: message } : message) },
      onSecondSignal: (signal) => logger().warn(`${signal} again: exiting without waiting`),
    },
    async ({ signal, err }) => {
      if (err) logger().fatal({ err }, "uncaught error: shutting down");
      else logger().info(`${signal ?? "exit"}: shutting down`);
      await stop();
    },
  );
}
