// Node 20's libuv accepts one connection per listening handle per turn of the event
// loop (libuv pull request 3696). On a server busy rendering, a turn lasts 40–100 ms,
// so a crowd of new connections waits in the kernel's queue for seconds before its
// first request is even read (docs/operations.md, "Under overload"). Every further
// handle on the same listening socket accepts one more connection per turn.
//
// Node has no dup(): a short-lived child process is handed the listening socket and
// sends it back `count` times; each passage over the IPC channel arrives as a new
// descriptor for the same socket. What those copies accept is handed to the HTTP
// server as if it had accepted it itself. The server listens and serves meanwhile:
// the copies arrive a few tens of milliseconds after it started.
import { type ChildProcess, spawn } from "node:child_process";
import type http from "node:http";
import net from "node:net";
import { logger } from "../logger";

/** How many copies: 200 connections arriving at once are accepted in 7 turns, not 200. */
export const LISTENER_COPIES = 32;

// The child. Until it exits it listens too, so anything it accepts goes back to the
// server unread (pauseOnConnect is read on every accept; set before the first can happen).
const CHILD = `
process.on("disconnect", () => process.exit(0));
process.on("message", (count, server) => {
  server.pauseOnConnect = true;
  server.on("connection", (socket) => process.send("connection", socket));
  let left = count;
  for (let i = 0; i < count; i++)
    process.send("listener", server, () => {
      if (--left > 0) return;
      // Not close's callback: it would wait for the connections handed back above. The
      // channel closes once every message queued on it has been sent.
      server.close();
      process.disconnect();
    });
});
`;

export interface ListenerCopies {
  /** Resolves once the copies have arrived (or could not be made: the server then accepts as before). */
  ready: Promise<number>;
  /** Stops every copy accepting; resolves once the connections they (or the child) accepted have closed. */
  close(): Promise<void>;
}

const notMade = (error: unknown) =>
  logger().warn({ err: error }, "listener copies not made: accepting one connection per turn");

export function addListenerCopies(server: http.Server, count = LISTENER_COPIES): ListenerCopies {
  const copies: net.Server[] = [];
  const handedBack = new Set<net.Socket>();

  let child: ChildProcess;
  try {
    // No NODE_OPTIONS (a preload or a loader has no business here), no stdio.
    child = spawn(process.execPath, ["-e", CHILD], { stdio: ["ignore", "ignore", "ignore", "ipc"], env: {} });
  } catch (error) {
    notMade(error);
    return { ready: Promise.resolve(0), close: async () => {} };
  }
  const ready = new Promise<number>((resolve) => {
    child.on("message", (kind: unknown, handle: net.Server | net.Socket | undefined) => {
      if (kind === "connection" && handle instanceof net.Socket) {
        // No listening handle of ours counts it: counted here, for the drain.
        handedBack.add(handle);
        handle.once("close", () => handedBack.delete(handle));
        server.emit("connection", handle);
      }
      if (kind !== "listener" || !(handle instanceof net.Server)) return;
      handle.on("connection", (socket) => server.emit("connection", socket));
      // An accept that fails (out of file descriptors) is the kernel's trouble, not a reason to stop.
      handle.on("error", (error) => logger().warn({ err: error }, "a listener copy failed to accept"));
      copies.push(handle);
    });
    child.on("error", (error) => {
      notMade(error);
      resolve(copies.length);
    });
    // After the IPC channel's last message has been read (unlike "exit", which may come first).
    child.on("close", () => resolve(copies.length));
  });
  child.send(count, server);

  return {
    ready,
    async close() {
      // The child ends by itself once everything is sent (and every copy that is coming has
      // come); killed sooner, a connection it accepted would be lost. One that hangs is stopped.
      const stuck = setTimeout(() => child.kill(), 2000);
      await ready;
      clearTimeout(stuck);
      await Promise.all([
        ...copies.map((copy) => new Promise((resolve) => copy.close(resolve))),
        ...[...handedBack].map((socket) => new Promise((resolve) => socket.once("close", resolve))),
      ]);
    },
  };
}
