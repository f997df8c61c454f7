// `npm run media:gc [-- --delete]`: stored files no row references and pending uploads older than a
// day, listed; with --delete, removed.
import { env } from "~/.server/env";
import { deleteGarbage, findGarbage } from "~/.server/images/gc";
import { withGcDatabase } from "~/.server/images/gc-run";
import { storageFromEnv } from "~/.server/storage";
import { STORED_FILES } from "~/domain/media/stored-files.server";
import { runCli } from "./cli";

const usage = "Usage: npm run media:gc [-- --delete]";

function list(title: string, lines: string[]): void {
  console.log(`${title}: ${lines.length}`);
  for (const line of lines) console.log(`  ${line}`);
}

await runCli("media:gc", usage, { options: { delete: { type: "boolean" } } }, async (args) => {
  const config = env();
  const store = storageFromEnv(config);
  return withGcDatabase(config, async (database) => {
    const garbage = await findGarbage(database.db, store, STORED_FILES);
    list(
      "Pending uploads never used, older than 24 hours",
      garbage.expiredUploads.map((upload) => `${upload.key} (uploaded ${upload.createdAt.toISOString()})`),
    );
    list("Stored files no row references", garbage.orphans);
    if (garbage.recent.length > 0) {
      console.log(
        `Left alone: ${garbage.recent.length} unreferenced file(s) written in the last hour (an upload may still be saving).`,
      );
    }
    const found = garbage.expiredUploads.length + garbage.orphans.length;
    if (found === 0) {
      console.log("Nothing to remove.");
    } else if (args.values.delete) {
      const removed = await deleteGarbage(database.db, store, STORED_FILES, garbage);
      console.log(`Removed ${removed.uploads} pending upload(s) and ${removed.files} file(s).`);
    } else {
      console.log("Run `npm run media:gc -- --delete` to remove them.");
    }
    return 0;
  });
});
