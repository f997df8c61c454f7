// An archive made from an open database (the embedded one with pglite-tools'
// pg_dump, PostgreSQL with its own pg_dump), restored by the restore command's
// code into a new target of the same engine; and every way a restore refuses.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { beforeAll, describe, expect, test } from "vitest";
import { blankPgliteTemplate, withTestDatabase } from "#tests/helpers/database";
import {
  afterRestore,
  currentKind,
  dumpTables,
  editManifest,
  FILES,
  newPostgres,
  readFiles,
  repack,
  restoreIntoNew,
  seed,
  stagingLeftovers,
  tempDir,
  writeFiles,
  type TableDump,
} from "#tests/helpers/backup";
import { readLock } from "../data-dir-lock";
import { openDatabase } from "../db/client";
import { inspectArchive } from "./archive";
import { dumpSourceOf } from "./database-sql";
import { writeBackupFile } from "./make-backup";
import { DATABASE_FILE } from "./manifest";
import { codeMigrations } from "./migrations";
import { runRestore } from "./run-restore";

const source = withTestDatabase();
const kind = currentKind();

let sourceDir: string;
let archive: string;
let expected: TableDump;

beforeAll(async () => {
  const database = source.current();
  await seed(database);
  // A table no list names (as a later feature adds): the archive carries it like every other.
  await database.db.execute(sql`create table later_feature (id integer primary key, note text not null)`);
  await database.db.execute(sql`insert into later_feature values (1, 'added after the backup code was written')`);
  expected = await dumpTables(database);
  sourceDir = tempDir("source");
  writeFiles(path.join(sourceDir, "uploads"));
  archive = path.join(tempDir("out"), "backup.tar.gz");
  await writeBackupFile(
    { database: dumpSourceOf(database), uploadsDir: path.join(sourceDir, "uploads"), workDir: sourceDir },
    archive,
  );
}, 120_000);

async function archivedSql(file: string): Promise<string> {
  const dir = tempDir("unpacked");
  await tar.extract({ file, cwd: dir });
  return fs.readFileSync(path.join(dir, DATABASE_FILE), "utf8");
}

describe("backup and restore", () => {
  test("the archive holds a manifest, the database's SQL and every file, and no staging is left", async () => {
    const contents = await inspectArchive(archive);
    expect(contents.manifest).toMatchObject({
      source: kind,
      migrations: codeMigrations().map((entry) => entry.tag),
      uploadsIncluded: true,
    });
    expect(contents.manifest.serverVersion).toMatch(/^\d+\.\d+/);
    expect(contents.uploads.files).toBe(Object.keys(FILES).length);
    expect(contents.databaseBytes).toBeGreaterThan(0);
    expect(stagingLeftovers(sourceDir)).toEqual([]);
  });

  test("live sessions, verification tokens, rate-limit counts, used stamps and two-factor secrets stay out", async () => {
    const text = await archivedSql(archive);
    expect(text).toContain("CREATE TABLE public.session");
    expect(text).toContain("Acme Play");
    // Accounts (password hashes) are data; their live state is not.
    expect(text).toContain("scrypt$abc$def");
    for (const secret of ["token-1", "email:bob@example.com", "sign-in:ip:192.0.2.1", "stamp:used-once"])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/INSERT INTO public\.two_factor/);
  });

  test(
    "a restore gives back every row of every table and every file, byte for byte",
    { timeout: 120_000 },
    async () => {
      const target = await restoreIntoNew(archive);
      // One dump of the restored database for both checks (each reads every row of every table).
      const restored = await dumpTables(target.database);
      expect(restored).toEqual(afterRestore(expected));
      expect(restored.later_feature).toHaveLength(1);
      expect(await readFiles(path.join(target.dataDir, "uploads"))).toEqual(FILES);
      expect(readLock(target.dataDir)).toBeUndefined();
      expect(stagingLeftovers(target.dataDir)).toEqual([]);
    },
  );

  test("a restore that fails midway leaves no database and no files", { timeout: 120_000 }, async () => {
    // Fails at the very end, after every table was created and filled.
    const broken = await repack(archive, (dir) =>
      fs.appendFileSync(path.join(dir, DATABASE_FILE), "\nINSERT INTO public.uploads (id) VALUES ('not-a-uuid');\n"),
    );
    const dataDir = tempDir("failed");
    if (kind === "pglite") {
      await expect(runRestore({ dataDir, file: broken, blankTemplate: await blankPgliteTemplate() })).rejects.toThrow(
        /Could not restore the database: .*not-a-uuid/,
      );
    } else {
      const target = await newPostgres("empty");
      try {
        await expect(runRestore({ dataDir, databaseUrl: target.url, file: broken })).rejects.toThrow(
          /Could not restore the database: .*not-a-uuid/,
        );
        const database = await openDatabase({ kind: "postgres", url: target.url });
        const tables = await database.db.execute(
          sql`select 1 from information_schema.tables where table_schema in ('public', 'drizzle')`,
        );
        await database.close();
        expect(tables.rows).toEqual([]);
      } finally {
        await target.dispose();
      }
    }
    // Only the (released) lock file stays: it is never deleted, see data-dir-lock.ts.
    expect(fs.readdirSync(dataDir)).toEqual(["playfolio.lock"]);
  });

  test.runIf(kind === "postgres")(
    "refuses a PostgreSQL database that holds tables, and leaves it as it was",
    async () => {
      const target = await newPostgres("migrated");
      try {
        const dataDir = tempDir("into-used");
        await expect(runRestore({ dataDir, databaseUrl: target.url, file: archive })).rejects.toThrow(
          /The target database is not empty \(it has .* and \d+ more\): restore only into a new, empty database\./,
        );
        expect(fs.readdirSync(dataDir)).toEqual(["playfolio.lock"]);
      } finally {
        await target.dispose();
      }
    },
  );
});

// Refusals that read the archive or the DATA_DIR only: the same on both engines, so once.
describe.skipIf(kind === "postgres")("a restore refuses", () => {
  async function refused(file: string, message: RegExp | string, dataDir = tempDir("refused")) {
    const before = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).sort() : [];
    await expect(runRestore({ dataDir, file })).rejects.toThrow(message);
    expect(fs.readdirSync(dataDir).sort()).toEqual([...new Set([...before, "playfolio.lock"])].sort());
    expect(readLock(dataDir)).toBeUndefined();
  }

  test("a DATA_DIR whose uploads hold a file, or that holds a database, and touches neither", async () => {
    const withFiles = tempDir("with-files");
    writeFiles(path.join(withFiles, "uploads"), { "a/b.webp": Buffer.from("kept") });
    await refused(
      archive,
      `${path.join(withFiles, "uploads")} already holds files: restore only into an empty DATA_DIR.`,
      withFiles,
    );
    expect(await readFiles(path.join(withFiles, "uploads"))).toEqual({ "a/b.webp": Buffer.from("kept") });

    const withDb = tempDir("with-db");
    fs.mkdirSync(path.join(withDb, "db"));
    fs.writeFileSync(path.join(withDb, "db", "PG_VERSION"), "17");
    await refused(
      archive,
      `${path.join(withDb, "db")} already holds a database: restore only into an empty DATA_DIR.`,
      withDb,
    );
    expect(fs.readdirSync(path.join(withDb, "db"))).toEqual(["PG_VERSION"]);
  });

  test("a file that is not a Playfolio backup, or a damaged one", async () => {
    const dir = tempDir("not-backups");
    fs.writeFileSync(path.join(dir, "random.tar.gz"), Buffer.from("not a tar at all"));
    await refused(path.join(dir, "random.tar.gz"), /is damaged or not a Playfolio backup/);
    fs.writeFileSync(path.join(dir, "truncated.tar.gz"), fs.readFileSync(archive).subarray(0, 2000));
    await refused(path.join(dir, "truncated.tar.gz"), /is damaged or not a Playfolio backup/);
    const noDatabase = await repack(archive, (unpacked) => fs.rmSync(path.join(unpacked, DATABASE_FILE)));
    await refused(noDatabase, `This backup is incomplete: it has no ${DATABASE_FILE}.`);
    const extra = await repack(archive, (unpacked) => fs.writeFileSync(path.join(unpacked, "run-me.sh"), "rm -rf /"));
    await refused(extra, /is not a Playfolio backup: it holds run-me\.sh \(File\)/);
  });

  test("an archive of another format version or with other migrations", async () => {
    const newer = await repack(archive, (dir) => editManifest(dir, (manifest) => (manifest.formatVersion = 3)));
    await refused(newer, /made by a newer version of Playfolio \(archive format 3, this version reads 2\)/);
    const older = await repack(archive, (dir) => editManifest(dir, (manifest) => (manifest.formatVersion = 1)));
    await refused(
      older,
      /made by an older version of Playfolio \(archive format 1, this version reads 2\): restore it with that version, then back up again/,
    );
    const ahead = await repack(archive, (dir) =>
      editManifest(
        dir,
        (manifest) => (manifest.migrations = [...(manifest.migrations as string[]), "9999_from-the-future"]),
      ),
    );
    await refused(ahead, /newer version of Playfolio \(it has migration 9999_from-the-future/);
  });
});
