// The HTTP server's life: explicit timeouts, and a drain on SIGTERM/SIGINT that
// loses no request of a client that honours `Connection: close`:
//   1. /healthz answers 503 at once, so a balancer stops sending;
//   2. the listening socket closes, so new connections are refused — once the
//      kernel's queue of connections not yet accepted is empty (a connection
//      opened meanwhile is answered 503 + Connection: close at once);
//   3. every response from now on (including those in flight) says `Connection: close`;
//   4. idle keep-alive connections are NOT cut — a client may be sending on one at
//      this very moment; each is answered with `Connection: close` or ends by the
//      keep-alive timeout the client was told about;
//   5. when the last connection is gone (or after SHUTDOWN_TIMEOUT_MS) the database
//      closes, the data-dir lock is released, and the process exits.
import http from "node:http";
import net from "node:net";
import type { NextFunction, Request, Response } from "express";
import { logger } from "../logger";
import { acceptQueueLength } from "./accept-queue";
import type { ListenerCopies } from "./listener-copies";

export const HTTP_TIMEOUTS = {
  /** The whole request head must arrive within this (slow-loris defence). */
  headersTimeout: 20_000,
  /** The whole request, body included (a 20 MB upload on a slow link fits). */
  requestTimeout: 300_000,
  /** An idle keep-alive connection is closed after this; clients are told (Keep-Alive: timeout=5). */
  keepAliveTimeout: 5_000,
  /** How often the two limits above are checked (Node's default is 30 s). */
  connectionsCheckingInterval: 1_000,
} as const;

export function createHttpServer(app: http.RequestListener): http.Server {
  const server = http.createServer(HTTP_TIMEOUTS, app);
  server.headersTimeout = HTTP_TIMEOUTS.headersTimeout;
  server.requestTimeout = HTTP_TIMEOUTS.requestTimeout;
  server.keepAliveTimeout = HTTP_TIMEOUTS.keepAliveTimeout;
  return server;
}

export interface Drain {
  /** Express middleware: remembers responses in flight; marks responses `Connection: close` while draining. */
  track(req: Request, res: Response, next: NextFunction): void;
  /** A request answered outside Express (a render cache hit): its connection's next request is still served while draining. */
  remember(req: http.IncomingMessage): void;
  isDraining(): boolean;
  start(): void;
}

export function createDrain(): Drain {
  let draining = false;
  const open = new Set<Response>();
  // Connections that made a request before the drain began: their next request is still served.
  const known = new WeakSet<object>();
  return {
    track(req, res, next) {
      if (draining && !known.has(req.socket)) {
        // A connection opened during the drain (a client that missed /healthz): answered at
        // once, so the drain is not slowed and the client can retry another instance.
        res.setHeader("Connection", "close");
        res.setHeader("Retry-After", "1");
        res.status(503).type("text/plain").send("This server is shutting down. Please try again.");
        return;
      }
      if (draining) res.setHeader("Connection", "close");
      else known.add(req.socket);
      open.add(res);
      res.once("close", () => open.delete(res));
      next();
    },
    remember(req) {
      known.add(req.socket);
    },
    isDraining: () => draining,
    start() {
      draining = true;
      // Responses in flight whose head is not written yet close their connection after them.
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
    },
  };
}

/**
 * Connections the kernel has completed but a busy event loop has not accepted
 * yet (a loaded server accepts only a few per turn) would be reset when the
 * listening socket closes, though their clients have already sent a request.
 * So the socket stays open until that queue is empty (at most 3 s); meanwhile
 * requests on new connections are answered 503 at once (see createDrain).
 */
async function acceptWhatIsQueued(server: http.Server, maxMs = 3000): Promise<void> {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : undefined;
  const started = performance.now();
  for (let turn = 0; performance.now() - started < maxMs; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    const queued = port === undefined ? undefined : acceptQueueLength(port);
    if (queued === 0 || (queued === undefined && turn >= 1)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Drains `server` as described above; resolves once every connection is closed,
 * those accepted by its listener copies included (each copy counts its own).
 */
export async function drainServer(
  server: http.Server,
  drain: Drain,
  timeoutMs: number,
  copies?: ListenerCopies,
): Promise<void> {
  drain.start();
  await acceptWhatIsQueued(server);
  const closed = Promise.all([
    new Promise<void>((resolve) => {
      // net.Server's close, not http.Server's: the latter also cuts idle keep-alive connections.
      net.Server.prototype.close.call(server, () => resolve());
    }),
    copies?.close(),
  ]);
  const force = setTimeout(() => {
    logger().warn(`shutdown: requests still open after ${timeoutMs} ms are cut off`);
    server.closeAllConnections();
  }, timeoutMs);
  await closed;
  clearTimeout(force);
}

/**
 * Calls `stop` on the first SIGTERM or SIGINT, then exits 0 (1 if it failed).
 * A second signal exits at once.
 */
export function exitOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger().warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    logger().info(`${signal}: shutting down`);
    stop().then(
      () => process.exit(0),
      (error) => {
        logger().error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
