// Once per run: a migrated template DATA_DIR, the shared server, and an admin
// and a staff account whose sessions the specs reuse.
import fs from "node:fs";
import { newAccount, signUpOverHttp, writeStorageState } from "./support/accounts";
import { ACCOUNTS_FILE, ADMIN_STATE, STAFF_STATE } from "./support/paths";
import { startServer, templateDir } from "./support/server";

export default async function globalSetup() {
  if (!fs.existsSync("build/server/index.js")) {
    throw new Error("No build: run `npm run build` (npm test does it for you).");
  }
  const template = templateDir();
  fs.rmSync(template, { recursive: true, force: true });
  const templateServer = await startServer({ dataDir: template, fromTemplate: false });
  await templateServer.stop();
  for (const file of ["server.log", "playfolio.lock"]) fs.rmSync(`${template}/${file}`, { force: true });

  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;

  const admin = newAccount("Admin", "staff.test");
  writeStorageState(ADMIN_STATE, server.url, await signUpOverHttp(server, admin));
  const staff = newAccount("Staff", "staff.test");
  writeStorageState(STAFF_STATE, server.url, await signUpOverHttp(server, staff));
  fs.writeFileSync(ACCOUNTS_FILE, JSON.stringify({ admin, staff }, null, 2));

  return async () => {
    await server.stop({ keepData: true });
    const log = fs.readFileSync(server.logFile, "utf8");
    if (/"level":(50|60)/.test(log)) console.warn(`The server logged errors during the run:\n${log}`);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(template, { recursive: true, force: true });
  };
}
