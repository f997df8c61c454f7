// The built server as an operator sees it: configuration errors, the data-dir
// lock, health checks and a graceful shutdown.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { freePort, requestSeen, ROOT, startServer } from "./support/server";

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

  test("a second server on the same DATA_DIR refuses to start; after a SIGTERM the dir is free again", async () => {
    const first = await startServer();
    try {
      const second = await runServer({ DATA_DIR: first.dataDir, PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`DATA_DIR ${first.dataDir} is in use by another Playfolio process (server, pid`);
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      await first.stop({ keepData: true });
    }
    expect(fs.readFileSync(path.join(first.dataDir, "playfolio.lock"), "utf8")).toBe("");
    const again = await startServer({ dataDir: first.dataDir, fromTemplate: false });
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    await again.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
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
