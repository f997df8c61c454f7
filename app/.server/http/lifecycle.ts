// The HTTP server's timeouts and graceful shutdown (decision 0042): signals by close-with-grace; the
// drain is ours, because it must lose no request of a client or balancer that honours `Connection: close`.
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
  return server;
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
  const closed = new Promise<void>((resolve) => {
    // net.Server's close, not http.Server's: the latter also cuts idle keep-alive connections.
    net.Server.prototype.close.call(server, () => resolve());
  });
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
