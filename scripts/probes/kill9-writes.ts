// kill -9 during a stream of writes on the embedded database: every write the
// server acknowledged (a 302 after "create client") is there after a restart.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { percentile } from "../bench/lib";
import { newAccount, postForm, signUp } from "../lib/accounts";
import { launch } from "../lib/server";

const ROUNDS = 3;

async function writeUntilKilled(url: string, cookie: string, round: number, killAfterMs: number): Promise<string[]> {
  const acknowledged: string[] = [];
  const deadline = Date.now() + killAfterMs;
  const writer = async (id: number) => {
    for (let n = 0; ; n++) {
      const name = `probe-${round}-${id}-${n}`;
      try {
        const response = await postForm(`${url}/admin/clients/new`, { name }, cookie);
        if (response.status === 302) acknowledged.push(name);
        else if (Date.now() < deadline) throw new Error(`create answered ${response.status}`);
      } catch (error) {
        if (Date.now() < deadline) throw error;
        return; // the server is gone
      }
    }
  };
  await Promise.all([1, 2, 3, 4].map(writer));
  return acknowledged;
}

export async function probeKill9Writes() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-kill9-"));
  let acknowledged: string[] = [];
  let cookie = "";
  const restarts: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      const server = await launch({ dataDir, env: { LOG_LEVEL: "warn" } });
      try {
        await server.healthy();
        restarts.push(performance.now() - started);
        cookie ||= await signUp(server.url, newAccount("Probe", "probe.test"));
        const killAfter = 1500 + Math.random() * 1500;
        setTimeout(() => void server.kill(), killAfter);
        acknowledged = acknowledged.concat(await writeUntilKilled(server.url, cookie, round, killAfter));
        await server.exited;
      } finally {
        await server.kill();
      }
    }
    const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
    const present = new Set(
      (await db.query<{ name: string }>("select name from clients where name like 'probe-%'")).rows.map((r) => r.name),
    );
    await db.close();
    const lost = acknowledged.filter((name) => !present.has(name));
    return {
      ok: lost.length === 0 && acknowledged.length > 0,
      line:
        `${ROUNDS} rounds: ${acknowledged.length} writes acknowledged, ${acknowledged.length - lost.length} present, ` +
        `${lost.length} lost; restart to healthy ${(percentile(restarts, 50) / 1000).toFixed(1)} s (median)`,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
