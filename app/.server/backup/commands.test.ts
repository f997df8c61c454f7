// `npm run backup` and `npm run restore` on a DATA_DIR no server holds, and the
// move from the embedded database to PostgreSQL (and back) as the docs give it.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, onTestFinished, test } from "vitest";
import {
  afterRestore,
  currentKind,
  dumpTables,
  FILES,
  newPostgres,
  openDataDir,
  readFiles,
  restoreIntoNew,
  seed,
  stagingLeftovers,
  tempDir,
  writeFiles,
} from "#tests/helpers/backup";
import { readLock } from "../data-dir-lock";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { defaultBackupName, runBackup } from "./run-backup";

const onPostgres = currentKind() === "postgres";

test("the default archive name carries the local date and time", () => {
  expect(defaultBackupName(new Date(2025, 0, 2, 3, 4, 5))).toBe("playfolio-backup-20250102-030405.tar.gz");
});

/** A stopped server's DATA_DIR: a migrated, seeded embedded database and the files. */
async function embeddedDataDir() {
  const dataDir = tempDir("embedded");
  const database = await openDataDir(dataDir);
  await seed(database);
  const expected = await dumpTables(database);
  await database.close();
  writeFiles(path.join(dataDir, "uploads"));
  return { dataDir, expected };
}

describe.skipIf(onPostgres)("with the embedded database in DATA_DIR", () => {
  test("backup refuses a DATA_DIR without a database", async () => {
    const dataDir = tempDir("no-db");
    await expect(
      runBackup({ dataDir, storageDriver: "local", out: path.join(tempDir("out"), "b.tar.gz") }),
    ).rejects.toThrow(`Nothing to back up: there is no database in ${path.join(dataDir, "db")}.`);
  });

  test("backs up a DATA_DIR no server holds, and never over an existing file", { timeout: 120_000 }, async () => {
    const { dataDir } = await embeddedDataDir();
    const out = path.join(tempDir("out"), "backup.tar.gz");
    const outcome = await runBackup({ dataDir, storageDriver: "local", out });
    expect(outcome).toMatchObject({ madeBy: "this process", bytes: fs.statSync(out).size });
    expect(outcome.manifest.source).toBe("pglite");
    expect(outcome.uploads.files).toBe(Object.keys(FILES).length);
    expect(readLock(dataDir)).toBeUndefined();
    expect(stagingLeftovers(dataDir)).toEqual([]);
    await expect(runBackup({ dataDir, storageDriver: "local", out })).rejects.toThrow(/already exists/);
  });
});

describe.runIf(onPostgres)("between the embedded database and PostgreSQL", () => {
  test("npm run restore with DATABASE_URL moves an embedded backup into PostgreSQL", { timeout: 180_000 }, async () => {
    const { dataDir, expected } = await embeddedDataDir();
    const archive = path.join(tempDir("out"), "backup.tar.gz");
    await runBackup({ dataDir, storageDriver: "local", out: archive });

    const target = await newPostgres("empty");
    onTestFinished(() => target.dispose());
    const newDataDir = tempDir("postgres-data");
    // The command as docs/operations.md gives it, in a process of its own.
    const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/restore.ts", archive], {
      env: { ...process.env, DATA_DIR: newDataDir, DATABASE_URL: target.url, INIT_CWD: process.cwd() },
    });
    expect(stdout).toContain(`Restored ${archive} into the PostgreSQL database of DATABASE_URL`);
    const database = await openDatabase({ kind: "postgres", url: target.url });
    onTestFinished(() => database.close());
    expect(await dumpTables(database)).toEqual(afterRestore(expected));
    expect(await readFiles(path.join(newDataDir, "uploads"))).toEqual(FILES);
    // The server starts on it: nothing left to migrate.
    await migrateDatabase(database);
    expect(await dumpTables(database)).toEqual(afterRestore(expected));
  });

  test("a PostgreSQL backup restores into the embedded database", { timeout: 180_000 }, async () => {
    const source = await newPostgres("migrated");
    onTestFinished(() => source.dispose());
    const database = await openDatabase({ kind: "postgres", url: source.url });
    onTestFinished(() => database.close());
    await seed(database);
    const archive = path.join(tempDir("out"), "backup.tar.gz");
    const outcome = await runBackup({
      dataDir: tempDir("unused"),
      databaseUrl: source.url,
      storageDriver: "s3",
      out: archive,
    });
    expect(outcome.manifest).toMatchObject({ source: "postgres", uploadsIncluded: false });

    const target = await restoreIntoNew(archive, "pglite");
    expect(await dumpTables(target.database)).toEqual(afterRestore(await dumpTables(database)));
    expect(fs.existsSync(path.join(target.dataDir, "uploads"))).toBe(false);
  });
});
