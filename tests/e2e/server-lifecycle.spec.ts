// The built server as an operator sees it: configuration errors, the data-dir
// lock (a second server refused, a killed one's successor let in) and a request
// in flight at SIGTERM.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { canUsePidNamespaces, launch } from "./support/launch";
import { expect, test } from "./support/fixtures";
import { copyOfTemplate, freePort, requestSeen, ROOT, startServer } from "./support/server";

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", "import('./build/server/index.js').then((m) => m.main())"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test.describe("server lifecycle", () => {
  test("a wrong setting stops the server with one line naming the variable", async () => {
    const result = await runServer({ PORT: "seventy", DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "pf-cfg-")) });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe('Invalid configuration: PORT must be a port number (got "seventy")');
  });

  test("a second server on the same DATA_DIR is refused; after kill -9 the next one starts, twice, even with the same pid", async () => {
    const dataDir = copyOfTemplate();
    try {
      const first = await launch({ dataDir, env: { LOG_LEVEL: "warn" } });
      try {
        await first.healthy();
        const second = await runServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
        expect(second.code).toBe(1);
        expect(second.output).toContain(`DATA_DIR ${dataDir} is in use by another Playfolio process (server, pid`);
        expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      } finally {
        await first.kill(); // kill -9: no chance to release anything
      }
      // A restarted container's server is pid 1 again, the very pid the lock names.
      const via = canUsePidNamespaces() ? "pid1" : "node";
      for (let round = 1; round <= 2; round++) {
        const server = await launch({ via, dataDir, env: { LOG_LEVEL: "warn" } });
        try {
          await server.healthy();
          const holder = JSON.parse(fs.readFileSync(path.join(dataDir, "playfolio.lock"), "utf8")) as { pid: number };
          if (via === "pid1") expect(holder.pid).toBe(1);
        } finally {
          await server.kill();
        }
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("SIGTERM lets a request in flight finish, then exits", async () => {
    const server = await startServer();
    const { port } = new URL(server.url);
    // A form post whose body arrives slowly: it is in flight when SIGTERM comes.
    const body = "intent=sign-in&email=slow%40example.com&password=not-the-password";
    const response = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/auth",
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      // SIGTERM once the server has taken the request in (on a busy machine its headers can take a while).
      void requestSeen(server.url).then(() => {
        server.stop({ keepData: true }).catch(reject); // sends SIGTERM and waits for the exit
        setTimeout(() => req.end(body.slice(10)), 500);
      }, reject);
    });
    expect(await response).toBe(401);
    await server.stop({ keepData: true });
    expect(fs.readFileSync(server.logFile, "utf8")).not.toMatch(/"level":50/);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });
});
