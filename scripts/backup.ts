// `npm run backup [-- --out FILE]`: writes one .tar.gz with a consistent
// snapshot of the database and the uploaded files (see docs/operations.md, "Backup and restore").
import path from "node:path";
import { defaultBackupName, runBackup } from "~/.server/backup/run-backup";
import { contentLines, formatBytes } from "~/.server/backup/summary";
import { env } from "~/.server/env";
import { runCli } from "./cli";

const usage = "Usage: npm run backup [-- --out FILE]";

runCli("Backup", usage, { options: { out: { type: "string", short: "o" } } }, async (args) => {
  const config = env();
  // npm runs scripts from the project folder; a relative --out means the caller's folder.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const out = path.resolve(cwd, args.values.out ?? defaultBackupName());

  const outcome = await runBackup({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    storageDriver: config.STORAGE_DRIVER,
    out,
  });
  console.log(
    `Backup written to ${outcome.file} (${formatBytes(outcome.bytes)}) by ${outcome.madeBy === "server" ? "the running server" : "this command"}`,
  );
  for (const line of contentLines(outcome)) console.log(line);
  return 0;
});
