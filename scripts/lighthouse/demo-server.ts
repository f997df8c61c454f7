// The built server on a fresh data dir filled by the demo seed: what the
// Lighthouse check and the benchmark's demo figures run against.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setStorage } from "~/.server/storage";
import { seedDemoDataDir } from "../demo/seed";
import { startServer } from "../../tests/e2e/support/server";

/** Public pages of the demo data: the library, a project with pictures and videos, a gallery. */
export const DEMO_PAGES = [
  { label: "/", path: "/" },
  { label: "project page", path: "/castle-keep-play-fort" },
  { label: "gallery page", path: "/gallery/signature-playgrounds" },
];

export async function startDemoServer(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-demo-"));
  process.env.DATA_DIR = dataDir;
  setStorage(undefined); // the demo's files go into this data dir
  await seedDemoDataDir(dataDir);
  const server = await startServer({ dataDir, fromTemplate: false, env });
  return {
    url: server.url,
    /** Stops the server and removes its data dir; answers what it logged. */
    async stop(): Promise<string> {
      await server.stop();
      const log = fs.readFileSync(server.logFile, "utf8");
      fs.rmSync(dataDir, { recursive: true, force: true });
      return log;
    },
  };
}
