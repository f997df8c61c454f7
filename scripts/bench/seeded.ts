// The built server on a data dir of its own, filled in SQL (and pictures through the real pipeline)
// before it starts: the bench's synthetic data sets, independent of the demo's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "~/.server/db/migrate";
import { launch, type Launched } from "../lib/server";

export async function seededServer(
  seed: (context: { db: PGlite; dataDir: string }) => Promise<void>,
  env: Record<string, string> = {},
): Promise<Launched> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-"));
  const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
  try {
    await migrate(drizzle({ client: db }), { migrationsFolder: migrationsFolder() });
    await seed({ db, dataDir });
  } finally {
    await db.close();
  }
  // The figures are about rendering at 10 to 50 connections, not admission control (the load probe's).
  const server = await launch({ dataDir, env: { MAX_IN_FLIGHT: "64", ...env } });
  await server.healthy();
  const stop = server.stop;
  server.stop = async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return server;
}
