import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express, { type Request, type Response } from "express";
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { acquireDataDirLock } from "../data-dir-lock";
import { env } from "../env";
import { inspectArchive } from "./archive";
import { backupRequestHandler } from "./http";
import { runBackup } from "./run-backup";
import { runRestore } from "./run-restore";
import {
  afterRestore,
  dumpTables,
  FILES,
  readFiles,
  restoreIntoNew,
  seed,
  stagingLeftovers,
  tempDir,
  writeFiles,
} from "#tests/helpers/backup";
import { backupToken } from "./token";

const source = withTestDatabase();

async function listen(app: express.Express): Promise<{ server: http.Server; port: number }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  return { server, port: (server.address() as AddressInfo).port };
}

let server: http.Server;
let url: string;
let port: number;

beforeAll(async () => {
  await seed(source.current());
  writeFiles(path.join(env().DATA_DIR, "uploads"));
  const app = express();
  app.post("/internal/backup", backupRequestHandler());
  ({ server, port } = await listen(app));
  url = `http://127.0.0.1:${port}/internal/backup`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Holds `dataDir` as a running server (or another tool) would, until the test ends. */
function holdAs(dataDir: string, purpose: string, holderPort?: number) {
  const lock = acquireDataDirLock(dataDir, purpose);
  if (holderPort !== undefined) lock.update({ port: holderPort });
  onTestFinished(() => lock.release());
}

describe("POST /internal/backup", () => {
  test("a local caller with the token gets the archive of the open database", async () => {
    const response = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${backupToken()}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    const file = path.join(tempDir("http-backup"), "backup.tar.gz");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));

    const { manifest, uploads } = await inspectArchive(file);
    expect(manifest.source).toBe(source.current().kind);
    expect(uploads.files).toBe(Object.keys(FILES).length);
    const target = await restoreIntoNew(file);
    expect(await dumpTables(target.database)).toEqual(afterRestore(await dumpTables(source.current())));
    expect(await readFiles(path.join(target.dataDir, "uploads"))).toEqual(FILES);
    expect(stagingLeftovers(env().DATA_DIR)).toEqual([]);
  });

  test("no token, a wrong one, or a request through a proxy gets a plain 404", async () => {
    const wrong = backupToken("another-secret-another-secret-0123456789");
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${wrong}` },
      { Authorization: `Bearer ${backupToken().slice(0, -1)}` },
      { Authorization: backupToken() },
      { Authorization: `Basic ${backupToken()}` },
      { Authorization: `Bearer ${backupToken()}`, "X-Forwarded-For": "203.0.113.7" },
      { Authorization: `Bearer ${backupToken()}`, Forwarded: "for=203.0.113.7" },
    ];
    for (const headers of attempts) {
      const response = await fetch(url, { method: "POST", headers });
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
    expect(stagingLeftovers(env().DATA_DIR)).toEqual([]);
  });

  test("a caller from another address gets a 404, even with the token", async () => {
    const handler = backupRequestHandler();
    for (const remoteAddress of ["10.0.0.1", "::ffff:10.0.0.1", "192.168.1.20", undefined]) {
      const req = { socket: { remoteAddress }, headers: { authorization: `Bearer ${backupToken()}` } };
      const sent: { status?: number; body?: unknown; headers: Record<string, unknown> } = { headers: {} };
      const res = {
        set statusCode(value: number) {
          sent.status = value;
        },
        setHeader: (name: string, value: unknown) => (sent.headers[name.toLowerCase()] = value),
        end: (body: unknown) => (sent.body = body),
      };
      const next = vi.fn();
      await handler(req as unknown as Request, res as unknown as Response, next);
      expect(sent.status, String(remoteAddress)).toBe(404);
      expect(sent.body).toBe("Not found");
      expect(sent.headers["content-type"]).toMatch(/^text\/plain/);
      expect(next).not.toHaveBeenCalled();
    }
  });
});

describe("the backup command and a running server", () => {
  test("asks the server that holds DATA_DIR for the archive", async () => {
    const dataDir = tempDir("held-by-server");
    holdAs(dataDir, "server", port);
    const out = path.join(tempDir("cli-out"), "backup.tar.gz");

    const outcome = await runBackup({ dataDir, storageDriver: "local", out });
    expect(outcome.madeBy).toBe("server");
    expect(outcome.bytes).toBe(fs.statSync(out).size);
    expect(outcome.manifest.source).toBe(source.current().kind);
    expect(outcome.uploads.files).toBe(Object.keys(FILES).length);
  });

  test("a transfer cut off midway is reported and leaves no file", async () => {
    const good = path.join(tempDir("good"), "backup.tar.gz");
    const response = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${backupToken()}` } });
    fs.writeFileSync(good, Buffer.from(await response.arrayBuffer()));
    const half = fs.readFileSync(good).subarray(0, Math.floor(fs.statSync(good).size / 2));
    const broken = express();
    broken.post("/internal/backup", (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/gzip" });
      res.write(half, () => res.destroy());
    });
    const { server: brokenServer, port: brokenPort } = await listen(broken);
    onTestFinished(() => new Promise<void>((resolve) => brokenServer.close(() => resolve())));
    const dataDir = tempDir("held-by-broken");
    holdAs(dataDir, "server", brokenPort);
    const outDir = tempDir("cli-out");

    await expect(runBackup({ dataDir, storageDriver: "local", out: path.join(outDir, "b.tar.gz") })).rejects.toThrow(
      /cut off|damaged/,
    );
    expect(fs.readdirSync(outDir)).toEqual([]);
  });

  test("a server that refuses the token is reported as such", async () => {
    const refusing = express();
    refusing.post("/internal/backup", (_req, res) => void res.status(404).send("Not found"));
    const { server: refusingServer, port: refusingPort } = await listen(refusing);
    onTestFinished(() => new Promise<void>((resolve) => refusingServer.close(() => resolve())));
    const dataDir = tempDir("held-by-refusing");
    holdAs(dataDir, "server", refusingPort);
    await expect(
      runBackup({ dataDir, storageDriver: "local", out: path.join(tempDir("cli-out"), "b.tar.gz") }),
    ).rejects.toThrow(/refused the backup request: .*AUTH_SECRET/);
  });

  test("backup and restore refuse a DATA_DIR another backup, restore or server holds", async () => {
    const dataDir = tempDir("held-by-restore");
    holdAs(dataDir, "restore");
    const out = path.join(tempDir("cli-out"), "backup.tar.gz");
    await expect(runBackup({ dataDir, storageDriver: "local", out })).rejects.toThrow(
      /in use by a Playfolio restore \(pid \d+\): wait for it to finish/,
    );
    expect(fs.existsSync(out)).toBe(false);

    const serverDir = tempDir("held-by-server");
    holdAs(serverDir, "server", port);
    await expect(runRestore({ dataDir: serverDir, file: out })).rejects.toThrow(/No such file/);
    fs.writeFileSync(out, "anything");
    await expect(runRestore({ dataDir: serverDir, file: out })).rejects.toThrow(
      /A Playfolio server \(pid \d+\) is running on .*: stop it before restoring/,
    );
    expect(fs.readdirSync(serverDir)).toEqual(["playfolio.lock"]);
  });
});
