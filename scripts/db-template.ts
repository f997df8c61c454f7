// Run by `npm run build` beside the bundler: the migrated database a new data dir starts from (decision
// 0086), once per migrations' hash, in a cache folder (React Router empties build/ when it starts).
import fs from "node:fs";
import path from "node:path";
import { buildDatabaseTemplate, writeDatabaseTemplate } from "~/.server/db/template";

const cache = process.argv[2];
if (!cache) throw new Error("Usage: tsx scripts/db-template.ts <cache folder>");
const file = path.join(cache, path.basename(buildDatabaseTemplate()));
if (!fs.existsSync(file)) {
  for (const name of fs.existsSync(cache) ? fs.readdirSync(cache) : []) {
    if (name.startsWith("db-template-")) fs.rmSync(path.join(cache, name), { force: true });
  }
  await writeDatabaseTemplate(file);
}
