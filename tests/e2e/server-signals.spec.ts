// The built server under the signals production sends: SIGTERM however it is
// started (`npm start`, `node scripts/start.mjs`, pid 1 of a container) stops it
// gracefully, and a drain loses no request of keep-alive clients.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { requiredInCi } from "../helpers/required-tool";
import { canUsePidNamespaces, isListening, launch, type Via } from "./support/launch";
import { expect, test } from "./support/fixtures";
import { drainLoad, noLoadYet } from "./support/keep-alive-load";
import { copyOfTemplate } from "./support/server";

function get(agent: http.Agent, url: string): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      })
      .on("error", reject);
  });
}

test.describe("signals", () => {
  test.setTimeout(120_000);

  // What a process manager signals: npm itself, the node process, or a container's pid 1.
  const ways: { via: Via; what: string }[] = [
    { via: "npm", what: "the npm process of `npm start`" },
    { via: "node", what: "`node scripts/start.mjs`" },
    { via: "pid1", what: "the server as pid 1 of a new PID namespace (a container)" },
  ];
  for (const { via, what } of ways) {
    test(`SIGTERM to ${what} stops the server gracefully: "stopped" logged, port and lock free`, async () => {
      test.skip(via === "pid1" && !requiredInCi(canUsePidNamespaces(), "root and unshare"), "needs root and unshare");
      const dataDir = copyOfTemplate();
      const server = await launch({ via, dataDir, env: { LOG_LEVEL: "info" } });
      try {
        await server.healthy();
        process.kill(via === "npm" ? server.child.pid! : server.serverPid(), "SIGTERM");
        const { code } = await server.exited;
        // npm answers a signal with its own exit code; the server's own is 0.
        if (via !== "npm") expect(code).toBe(0);
        // The server itself must be gone too, not left running under pid 1.
        await expect.poll(() => isListening(server.port), { timeout: 15_000 }).toBe(false);
        expect(server.output()).toContain('"msg":"stopped"');
        expect(fs.readFileSync(path.join(dataDir, "playfolio.lock"), "utf8")).toBe("");
      } finally {
        await server.kill();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  test("a drain loses no request of keep-alive clients and says so on /healthz at once", async () => {
    const dataDir = copyOfTemplate();
    const server = await launch({ via: "node", dataDir, env: { LOG_LEVEL: "warn" } });
    try {
      await server.healthy();
      // One kept connection that a balancer would use for health checks.
      const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect((await get(probe, `${server.url}/healthz`)).status).toBe(200);

      const progress = noLoadYet();
      const load = drainLoad({
        url: server.url,
        paths: ["/", "/projects", "/gallery", "/no-such-project"],
        connections: 20,
        until: server.exited,
        into: progress,
      });
      // SIGTERM once the load is really flowing.
      await expect.poll(() => progress.ok, { timeout: 60_000 }).toBeGreaterThanOrEqual(40);

      // Used just now, so the kept connection is fresh (not near its keep-alive timeout).
      expect((await get(probe, `${server.url}/healthz`)).status).toBe(200);
      process.kill(server.serverPid(), "SIGTERM");
      // The signal is handled a moment later: the kept connection then hears "draining".
      let health: Awaited<ReturnType<typeof get>> | undefined;
      await expect
        .poll(async () => (health = await get(probe, `${server.url}/healthz`)).status, { intervals: [20] })
        .toBe(503);
      expect(health!.body).toContain("draining");
      expect(health!.connection).toBe("close");

      const result = await load;
      const { code } = await server.exited;
      expect(result.ok).toBeGreaterThan(0);
      expect({ failed: result.failed, errors: result.errors }).toEqual({
        failed: 0,
        errors: result.refused ? { ECONNREFUSED: result.refused } : {},
      });
      expect(code).toBe(0);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
      probe.destroy();
    } finally {
      await server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
