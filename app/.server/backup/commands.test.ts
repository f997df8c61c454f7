import fs from "node:fs";
import path from "node:path";
import { describe, expect, onTestFinished, test } from "vitest";
import { readLock } from "../data-dir-lock";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { DATABASE_DIR } from "./archive";
import { writeBackupFile } from "./create-backup";
import { restoreBackup } from "./restore-backup";
import { defaultBackupName, runBackup } from "./run-backup";
import { backupTables } from "./tables";
import { runRestore } from "./run-restore";
import {
  blankDatabase,
  dumpTables,
  editManifest,
  FILES,
  readFiles,
  repack,
  seed,
  stagingLeftovers,
  tempDir,
  writeFiles,
} from "#tests/helpers/backup";

const onPostgres = process.env.TEST_DATABASE_KIND === "postgres";

test("the default archive name carries the local date and time", () => {
  expect(defaultBackupName(new Date(2025, 0, 2, 3, 4, 5))).toBe("playfolio-backup-20250102-030405.tar.gz");
});

// An embedded database on disk takes seconds to create; these run once, in the PGlite project.
describe.skipIf(onPostgres)("with the embedded database in DATA_DIR", () => {
  test("backup refuses a DATA_DIR without a database", async () => {
    const dataDir = tempDir("no-db");
    await expect(
      runBackup({ dataDir, storageDriver: "local", out: path.join(tempDir("out"), "b.tar.gz") }),
    ).rejects.toThrow(`Nothing to back up: there is no database in ${path.join(dataDir, "db")}.`);
  });

  test(
    "backs up one DATA_DIR, restores it into another, and never over existing data",
    { timeout: 120_000 },
    async () => {
      const from = tempDir("from");
      const database = await openDatabase({ kind: "pglite", dataDir: path.join(from, "db") });
      await migrateDatabase(database);
      await seed(database);
      const expected = await dumpTables(database);
      await database.close();
      writeFiles(path.join(from, "uploads"));

      const out = path.join(tempDir("out"), "backup.tar.gz");
      const outcome = await runBackup({ dataDir: from, storageDriver: "local", out });
      expect(outcome.madeBy).toBe("this process");
      expect(fs.existsSync(out)).toBe(true);
      expect(readLock(from)).toBeUndefined();
      expect(stagingLeftovers(from)).toEqual([]);
      await expect(runBackup({ dataDir: from, storageDriver: "local", out })).rejects.toThrow(/already exists/);

      const to = tempDir("to");
      const summary = await runRestore({ dataDir: to, file: out });
      expect(summary.files).toBe(Object.keys(FILES).length);
      expect(readLock(to)).toBeUndefined();
      expect(stagingLeftovers(to)).toEqual([]);
      const restored = await openDatabase({ kind: "pglite", dataDir: path.join(to, "db") });
      try {
        expect(await dumpTables(restored)).toEqual(expected);
      } finally {
        await restored.close();
      }
      expect(await readFiles(path.join(to, "uploads"))).toEqual(FILES);

      // Restoring again: the uploads are there, so it is refused before anything else.
      await expect(runRestore({ dataDir: to, file: out })).rejects.toThrow(/uploads already holds files/);
      // A DATA_DIR with a database but no uploads yet is refused too, and its database kept.
      const withDb = tempDir("with-db");
      fs.mkdirSync(path.join(withDb, "db"));
      fs.writeFileSync(path.join(withDb, "db", "PG_VERSION"), "17");
      await expect(runRestore({ dataDir: withDb, file: out })).rejects.toThrow(
        `${path.join(withDb, "db")} already holds a database: restore only into an empty DATA_DIR.`,
      );
      expect(fs.readdirSync(path.join(withDb, "db"))).toEqual(["PG_VERSION"]);
      expect(readLock(withDb)).toBeUndefined();
    },
  );

  test("a restore that fails leaves the DATA_DIR without a database or files", { timeout: 120_000 }, async () => {
    const source = await blankDatabase("pglite");
    onTestFinished(() => source.dispose());
    await migrateDatabase(source.database);
    await seed(source.database);
    const sourceDir = tempDir("source");
    writeFiles(path.join(sourceDir, "uploads"));
    const good = path.join(tempDir("out"), "backup.tar.gz");
    await writeBackupFile(
      { database: source.database, uploadsDir: path.join(sourceDir, "uploads"), workDir: sourceDir },
      good,
    );
    // Fails only at the last table, after the database was created and the files placed.
    const last = backupTables().at(-1)!.name;
    const broken = await repack(good, (dir) => {
      fs.appendFileSync(path.join(dir, DATABASE_DIR, `${last}.jsonl`), '{"id":"not-a-uuid"}\n');
      editManifest(dir, (manifest) => {
        manifest.tables.find((table) => table.name === last)!.rows += 1;
      });
    });

    const to = tempDir("failed");
    await expect(runRestore({ dataDir: to, file: broken })).rejects.toThrow(
      new RegExp(`Could not restore table "${last}"`),
    );
    // Only the (released) lock file stays: it is never deleted, see data-dir-lock.ts.
    expect(fs.readdirSync(to)).toEqual(["playfolio.lock"]);
    expect(readLock(to)).toBeUndefined();
  });
});

describe.runIf(onPostgres)("between the embedded database and PostgreSQL", () => {
  test("an embedded backup restores into DATABASE_URL", { timeout: 60_000 }, async () => {
    const source = await blankDatabase("pglite");
    onTestFinished(() => source.dispose());
    await migrateDatabase(source.database);
    await seed(source.database);
    const sourceDir = tempDir("embedded");
    writeFiles(path.join(sourceDir, "uploads"));
    const archive = path.join(tempDir("out"), "backup.tar.gz");
    await writeBackupFile(
      { database: source.database, uploadsDir: path.join(sourceDir, "uploads"), workDir: sourceDir },
      archive,
    );

    const target = await blankDatabase("postgres");
    onTestFinished(() => target.dispose());
    const dataDir = tempDir("postgres-data");
    await runRestore({ dataDir, databaseUrl: target.url, file: archive });
    expect(await dumpTables(target.database)).toEqual(await dumpTables(source.database));
    expect(await readFiles(path.join(dataDir, "uploads"))).toEqual(FILES);

    await expect(runRestore({ dataDir: tempDir("again"), databaseUrl: target.url, file: archive })).rejects.toThrow(
      /target database is not empty \(table "user" has rows\)/,
    );
  });

  test("a PostgreSQL backup restores into the embedded database", { timeout: 60_000 }, async () => {
    const source = await blankDatabase("postgres");
    onTestFinished(() => source.dispose());
    await migrateDatabase(source.database);
    await seed(source.database);
    const dataDir = tempDir("postgres-data");
    writeFiles(path.join(dataDir, "uploads"));
    const archive = path.join(tempDir("out"), "backup.tar.gz");
    const outcome = await runBackup({ dataDir, databaseUrl: source.url, storageDriver: "local", out: archive });
    expect(outcome.manifest.source).toBe("postgres");

    const target = await blankDatabase("pglite");
    onTestFinished(() => target.dispose());
    const targetDir = tempDir("embedded");
    await restoreBackup(archive, {
      database: target.database,
      uploadsDir: path.join(targetDir, "uploads"),
      workDir: targetDir,
    });
    expect(await dumpTables(target.database)).toEqual(await dumpTables(source.database));
    expect(await readFiles(path.join(targetDir, "uploads"))).toEqual(FILES);
  });
});
