// `npm run media:avif`: once, after upgrading: AVIF variants for the images
// stored before uploads made them (kept only where smaller than the WebPs).
// Run it with the server stopped on the embedded database; on PostgreSQL it
// can run beside the servers. Then `npm run media:gc -- --delete` (an hour
// later) removes the files left under the old keys.
import { parseArgs } from "node:util";
import { env } from "~/.server/env";
import { backfillAvif, type BackfillReport } from "~/.server/images/avif-backfill";
import { withGcDatabase } from "~/.server/images/gc-run";
import { storageFromEnv } from "~/.server/storage";
import { STORED_FILES } from "~/domain/media/stored-files.server";
import { runCli } from "./cli";

const usage = "Usage: npm run media:avif";
const kb = (bytes = 0) => `${(bytes / 1024).toFixed(1)} KB`;

function line(report: BackfillReport): string {
  const sizes = report.avifBytes !== undefined ? ` (AVIF ${kb(report.avifBytes)}, WebP ${kb(report.webpBytes)})` : "";
  return `  ${report.outcome.padEnd(11)} ${report.key}${sizes}${report.reason ? `: ${report.reason}` : ""}`;
}

async function main(): Promise<number> {
  try {
    const args = parseArgs({ options: { help: { type: "boolean", short: "h" } } });
    if (args.values.help) {
      console.log(usage);
      return 0;
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 1;
  }
  const config = env();
  const store = storageFromEnv(config);
  return withGcDatabase(
    config,
    async (database) => {
      const reports = await backfillAvif(database.db, store, STORED_FILES, (report) => console.log(line(report)));
      const count = (outcome: BackfillReport["outcome"]) => reports.filter((r) => r.outcome === outcome).length;
      const converted = reports.filter((r) => r.outcome === "converted");
      const saved = converted.reduce((sum, r) => sum + (r.webpBytes ?? 0) - (r.avifBytes ?? 0), 0);
      console.log(
        `${reports.length} image(s) without AVIF checked: ${converted.length} given AVIF variants (${kb(saved)} smaller ` +
          `than their WebPs), ${count("not smaller")} kept WebP only (AVIF not smaller), ${count("animated")} animated, ` +
          `${count("gone")} changed meanwhile, ${count("failed")} failed.`,
      );
      if (converted.length > 0) {
        console.log("The files under the old keys go with `npm run media:gc -- --delete` (it spares the last hour's).");
      }
      return count("failed") > 0 ? 1 : 0;
    },
    "media:avif",
  );
}

runCli("media:avif", main);
