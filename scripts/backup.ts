// `npm run backup`: one .tar.gz, a consistent snapshot of the database and the uploads (docs/operations.md).
import path from "node:path";
import { defaultBackupName, runBackup } from "~/.server/backup/run-backup";
import { contentLines, formatBytes } from "~/.server/backup/summary";
import { env } from "~/.server/env";
import { runCli } from "./cli";

const usage = "Usage: npm run backup [-- --out FILE]";

await runCli("Backup", usage, { options: { out: { type: "string", short: "o" } } }, async (args) => {
  const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, STORAGE_DRIVER: storageDriver } = env();
  // npm runs scripts from the project folder; a relative --out means the caller's folder.
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.values.out ?? defaultBackupName());
  const outcome = await runBackup({ dataDir, databaseUrl, storageDriver, out });
  const by = outcome.madeBy === "server" ? "the running server" : "this command";
  console.log(`Backup written to ${outcome.file} (${formatBytes(outcome.bytes)}) by ${by}`);
  for (const line of contentLines(outcome)) console.log(line);
  return 0;
});
