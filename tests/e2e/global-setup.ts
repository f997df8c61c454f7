// Once per run: a migrated template DATA_DIR, a copy of it with an admin signed
// in (for the specs' own servers), the shared server with an admin and a staff
// account whose sessions the specs reuse, and the empty server the empty-state
// tests share.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { initdbInChildProcess } from "~/.server/db/pglite-initdb";
import { buildDatabaseTemplate } from "~/.server/db/template";
import { newAccount, signUpOverHttp, writeStorageState } from "./support/accounts";
import { pictureCacheDir } from "./support/seed-images";
import { seedSharedServer } from "./support/seeds/shared";
import { ACCOUNTS_FILE, ADMIN_STATE, OWNER_FILE, STAFF_STATE } from "./support/paths";
import { ownedTemplateDir, type RunningServer, startServer, templateDir } from "./support/server";

function removeRunFiles(dataDir: string) {
  for (const file of ["server.log", "playfolio.lock"]) fs.rmSync(`${dataDir}/${file}`, { force: true });
}

/**
 * The migrated template: the build's database (a tar, decision 0086) unpacked into `db`, and an
 * auth secret, as a server's first start leaves them, without that server's start and graceful stop
 * (about 10 s of the set-up's critical path on a busy machine). An older build has no tar for these
 * migrations: then a server makes it.
 */
async function makeTemplate(template: string) {
  fs.rmSync(template, { recursive: true, force: true });
  const tar = buildDatabaseTemplate();
  if (!fs.existsSync(tar)) {
    const templateServer = await startServer({ dataDir: template, fromTemplate: false });
    await templateServer.stop();
    removeRunFiles(template);
    return;
  }
  // The server's start parameters (app/.server/db/client.ts): fsync on, smaller shared buffers.
  const startParams = [...PGlite.defaultStartParams.filter((param) => param !== "-F"), "-c", "shared_buffers=32MB"];
  fs.mkdirSync(path.join(template, "db"), { recursive: true });
  await initdbInChildProcess(path.join(template, "db"), startParams, tar);
  // As app/.server/auth/secret.ts writes it: every copy signs with the same secret, as before.
  fs.writeFileSync(path.join(template, "auth-secret"), crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
}

/**
 * The template plus its first account (the admin) and that account's session. Every spec
 * server copies it (isolated.ts) instead of signing an admin up itself: a sign-up hashes a
 * password (scrypt) and mails a link, seconds on a busy machine, some thirty times a run.
 */
async function makeOwnedTemplate() {
  const owned = ownedTemplateDir();
  fs.rmSync(owned, { recursive: true, force: true });
  const server = await startServer({ dataDir: owned });
  const owner = newAccount("Owner", "staff.test");
  const cookies = await signUpOverHttp(server, owner);
  // A graceful stop: the embedded database is closed, so its copies hold the account.
  await server.stop();
  removeRunFiles(owned);
  fs.writeFileSync(OWNER_FILE, JSON.stringify({ owner, cookies }, null, 2));
}

async function startSharedServer(): Promise<RunningServer> {
  // With the known records of the specs that share it (seeds/shared.ts).
  const server = await startServer({ seed: seedSharedServer });
  const admin = newAccount("Admin", "staff.test");
  writeStorageState(ADMIN_STATE, server.url, await signUpOverHttp(server, admin));
  const staff = newAccount("Staff", "staff.test");
  writeStorageState(STAFF_STATE, server.url, await signUpOverHttp(server, staff));
  fs.writeFileSync(ACCOUNTS_FILE, JSON.stringify({ admin, staff }, null, 2));
  return server;
}

export default async function globalSetup() {
  if (!fs.existsSync("build/server/index.js")) {
    throw new Error("No build: run `npm run build` (npm test does it for you).");
  }
  const template = templateDir();
  await makeTemplate(template);
  fs.rmSync(pictureCacheDir()!, { recursive: true, force: true });

  fs.mkdirSync(path.dirname(OWNER_FILE), { recursive: true });
  const [server, empty] = await Promise.all([
    startSharedServer(),
    makeOwnedTemplate().then(() => startServer({ template: ownedTemplateDir() })),
  ]);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_EMPTY_URL = empty.url;

  return async () => {
    await Promise.all([server, empty].map((running) => running.stop({ keepData: true })));
    for (const running of [server, empty]) {
      const log = fs.readFileSync(running.logFile, "utf8");
      if (/"level":(50|60)/.test(log)) console.warn(`The server logged errors during the run:\n${log}`);
      fs.rmSync(running.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(template, { recursive: true, force: true });
    fs.rmSync(ownedTemplateDir(), { recursive: true, force: true });
    fs.rmSync(pictureCacheDir()!, { recursive: true, force: true });
  };
}
