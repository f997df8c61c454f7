// 1,000 signed-in requests whose clients leave at every moment of their handling
// (while the session is looked up, while the page renders, halfway through the
// answer), half of them a staff member's, half a pending account's: afterwards
// nothing is left in flight and the server still answers staff and the public
// (a slot lost with each such request once shut staff out after 16 of them).
import fs from "node:fs";
import net from "node:net";
import { newAccount, signUp } from "../lib/accounts";
import { launch } from "../lib/server";
import type { ProbeResult } from "./lib/probe";

const ABORTED = 1000;
const AT_ONCE = 25;

/** Sends one request and leaves after `afterMs` (0: as soon as it is written). */
function leaveEarly(port: number, path: string, cookie: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nCookie: ${cookie}\r\n\r\n`);
      setTimeout(() => socket.destroy(), afterMs);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

async function inFlight(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return [...text.matchAll(/^playfolio_http_requests_in_flight\{pool="\w+"\} (\d+)/gm)].reduce(
    (sum, [, value]) => sum + Number(value),
    0,
  );
}

export async function probeAbortedRequests(): Promise<ProbeResult> {
  const server = await launch({ env: { LOG_LEVEL: "warn" } });
  try {
    await server.healthy();
    // The first account is the administrator; the second, of no staff domain, waits for approval.
    const staff = await signUp(server.url, newAccount("Staff", "probe.test"));
    const pending = await signUp(server.url, newAccount("Pending", "elsewhere.test"));
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < ABORTED) {
          const n = next++;
          const [path, cookie] = n % 2 ? ["/admin/projects", staff] : ["/", pending];
          await leaveEarly(server.port, path, cookie, n % 4 === 0 ? 0 : Math.random() * 30);
        }
      }),
    );
    const abortedMs = performance.now() - started;
    // Requests the server was still handling when their clients left finish on their own.
    const deadline = Date.now() + 5000;
    let left = await inFlight(server.url);
    while (left > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = await inFlight(server.url);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      for (const [path, cookie] of [
        ["/admin/projects", staff],
        ["/", pending],
      ] as const) {
        statuses.push(
          (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).status,
        );
      }
    }
    const ok = statuses.filter((status) => status === 200).length;
    return {
      ok: left === 0 && ok === statuses.length,
      line:
        `${ABORTED} signed-in requests left early in ${(abortedMs / 1000).toFixed(1)} s (staff and pending, ${AT_ONCE} at once); ` +
        `then ${left} in flight, and ${ok} of ${statuses.length} staff and pending pages answered 200`,
    };
  } finally {
    await server.kill();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
