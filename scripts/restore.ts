// `npm run restore FILE`: a backup into an empty DATA_DIR, or an empty PostgreSQL with DATABASE_URL
// (the way from the embedded database to PostgreSQL, and back).
import path from "node:path";
import { runRestore } from "~/.server/backup/run-restore";
import { contentLines } from "~/.server/backup/summary";
import { env } from "~/.server/env";
import { runCli } from "./cli";

const usage = "Usage: npm run restore FILE";

await runCli("Restore", usage, { allowPositionals: true }, async (args) => {
  if (args.positionals.length !== 1) {
    console.error(usage);
    return 1;
  }
  const config = env();
  // npm runs scripts from the project folder; a relative FILE means the caller's folder.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.positionals[0]!);
  const contents = await runRestore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, file });
  const target = config.DATABASE_URL ? "the PostgreSQL database of DATABASE_URL" : `${config.DATA_DIR}`;
  console.log(`Restored ${file} into ${target}`);
  for (const line of contentLines(contents)) console.log(line);
  console.log("  The server applies this version's newer migrations, if any, when it starts.");
  if (contents.manifest.uploadsIncluded && config.STORAGE_DRIVER === "s3") {
    console.log(
      `  The files are in ${path.join(config.DATA_DIR, "uploads")}: STORAGE_DRIVER=s3, so copy them to the bucket.`,
    );
  }
  return 0;
});
