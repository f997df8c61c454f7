// `npm run demo`: the app on ./data-demo, filled with demo data on the first run; prints a staff login.
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, root } from "./build-state.mjs";
import { DEMO_LOGIN, seedDemoDataDir } from "./demo/seed";

process.env.DATA_DIR = process.env.DEMO_DATA_DIR ?? path.join(root, "data-demo");
process.env.NODE_ENV ??= "production";

await ensureBuild();
const marker = path.join(process.env.DATA_DIR, ".demo-seeded");
if (!fs.existsSync(marker)) {
  console.log(`Filling ${process.env.DATA_DIR} with demo data…`);
  await seedDemoDataDir(process.env.DATA_DIR);
  fs.writeFileSync(marker, new Date().toISOString());
}

const { main } = await import(path.join(root, "build/server/index.js"));
await main();
console.log(`\nDemo staff login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`);
