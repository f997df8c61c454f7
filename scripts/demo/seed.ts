// `npm run demo`'s data, written into a data dir before the server starts: data/*.csv brought in by the
// steps in steps/, the clients and projects through the product's own import.
import path from "node:path";
import { acquireDataDirLock } from "~/.server/data-dir-lock";
import { eq } from "drizzle-orm";
import { schema, setDatabase } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { migrateDatabase } from "~/.server/db/migrate";
import { buildDatabaseTemplate } from "~/.server/db/template";
import fs from "node:fs";
import { signUp } from "~/domain/users/users.server";
import type { Demo } from "./lib";

/** The steps, in file-name order: a new part of the product adds its demo data as a file there. */
const STEPS = path.join(import.meta.dirname, "steps");

export const DEMO_LOGIN = { name: "Demo Staff", email: "demo@playfolio.test", password: "playfolio-demo" };

export interface DemoSeedOptions {
  /** The pictures' size against the demo's (1): the seed's test takes small ones (decision 0088). */
  pictureScale?: number;
  /** A migrated data dir to start from (a dump, decision 0086): the build's by default. */
  template?: string;
  /** More data after the demo's own (the bench's 200-line proposal). */
  then?: (demo: Demo) => Promise<void>;
}

export async function seedDemoDataDir(
  dataDir: string,
  { pictureScale = 1, template = buildDatabaseTemplate(), then }: DemoSeedOptions = {},
): Promise<void> {
  const lock = acquireDataDirLock(dataDir, "demo seed");
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db"), template });
  try {
    await migrateDatabase(database);
    setDatabase(database);
    // The first account of a data dir is its administrator.
    const { name: fullName, email, password } = DEMO_LOGIN;
    const outcome = await signUp({ fullName, email, password, ip: "demo" });
    if (!outcome.ok) throw new Error(`Could not create the demo login: ${outcome.message}`);
    // A demo login works at once, whatever REQUIRE_EMAIL_VERIFICATION says.
    const [owner] = await database.db
      .update(schema.user)
      .set({ emailVerified: true })
      .where(eq(schema.user.email, email))
      .returning({ id: schema.user.id, name: schema.user.name });
    // The sign-up signed the login in here; nobody holds that session, so it would only clutter its sessions list.
    await database.db.delete(schema.session);
    const demo: Demo = { db: database.db, owner: owner!, pictureScale };
    const steps = fs.readdirSync(STEPS).filter((name) => /^\d.*\.ts$/.test(name));
    for (const file of steps.sort()) {
      const step = (await import(path.join(STEPS, file))) as { default: (demo: Demo) => Promise<void> };
      await step.default(demo);
    }
    await then?.(demo);
  } finally {
    setDatabase(undefined);
    await database.close();
    lock.release();
  }
}
