import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { schema } from "../db";
import { migrateDatabase } from "../db/migrate";
import { DATABASE_DIR, inspectArchive } from "./archive";
import { writeBackupFile } from "./create-backup";
import { BackupError } from "./errors";
import { codeMigrations } from "./migrations";
import { restoreBackup } from "./restore-backup";
import {
  blankDatabase,
  dumpTables,
  editManifest,
  FILES,
  readFiles,
  repack,
  seed,
  stagingLeftovers,
  tableNames,
  tempDir,
  writeFiles,
} from "#tests/helpers/backup";
import { hasAnyFile } from "./uploads";

const source = withTestDatabase();
const sourceDir = tempDir("backup-source");
const sourceUploads = path.join(sourceDir, "uploads");
let archive: string;
let sourceDump: Record<string, string[]>;

beforeAll(async () => {
  await seed(source.current());
  writeFiles(sourceUploads);
  // An orphan file no row refers to is kept too.
  writeFiles(sourceUploads, { "orphans/old.bin": Buffer.from([0, 1, 2, 255]) });
  sourceDump = await dumpTables(source.current());
  archive = path.join(tempDir("backup-out"), "backup.tar.gz");
  await writeBackupFile({ database: source.current(), uploadsDir: sourceUploads, workDir: sourceDir }, archive);
});

/** A blank database and empty DATA_DIR to restore into, removed after the test. */
async function newTarget() {
  const blank = await blankDatabase();
  // Each PGlite holds hundreds of MB: free it as soon as its test is done.
  onTestFinished(() => blank.dispose());
  const dataDir = tempDir("restore-target");
  return { ...blank, dataDir, uploadsDir: path.join(dataDir, "uploads") };
}

async function expectNothingRestored(target: Awaited<ReturnType<typeof newTarget>>) {
  for (const name of await tableNames(target.database)) {
    // A view, and the content version's one row (made by its migration, never restored).
    if (name === "gallery_projects_with_details" || name === "content_version") continue;
    const result = await target.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    expect(result.rows[0]!.n, `rows in ${name}`).toBe(0);
  }
  expect(await hasAnyFile(target.uploadsDir)).toBe(false);
  expect(stagingLeftovers(target.dataDir)).toEqual([]);
}

describe("backup and restore", () => {
  test("the archive holds a manifest, every table's rows and every file", async () => {
    const { manifest, uploadFiles } = await inspectArchive(archive);
    expect(manifest.migrations).toEqual(codeMigrations().map((entry) => entry.tag));
    const rows = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
    for (const [name, dumped] of Object.entries(sourceDump)) expect(rows[name], name).toBe(dumped.length);
    expect(rows.industry_types).toBe(2345);
    expect(rows.client_contacts).toBe(1201);
    expect(manifest.uploads).toEqual({
      included: true,
      files: Object.keys(FILES).length + 1,
      bytes: Object.values(FILES).reduce((sum, file) => sum + file.length, 0) + 4,
      missing: [],
    });
    expect(uploadFiles).toBe(manifest.uploads.files);
    expect(stagingLeftovers(sourceDir)).toEqual([]);
  });

  test("the archive leaves out live sessions, verification tokens and rate-limit rows", async () => {
    const { manifest } = await inspectArchive(archive);
    const names = manifest.tables.map((table) => table.name);
    for (const live of ["session", "verification", "rate_limit"]) expect(names).not.toContain(live);
    expect(names).toContain("user");
    expect(names).toContain("account");
    // The source had them.
    for (const live of ["session", "verification", "rate_limit"]) {
      const result = await source
        .current()
        .db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(live)}`);
      expect(result.rows[0]!.n, live).toBeGreaterThan(0);
    }
  });

  test("a restore signs everyone in again, even from an archive that still holds sessions", async () => {
    const older = await repack(archive, (dir) => {
      fs.writeFileSync(
        path.join(dir, DATABASE_DIR, "session.jsonl"),
        `${JSON.stringify({ id: "00000000-0000-4000-8000-000000000001", expires_at: "2030-01-01T00:00:00.000+00:00", token: "old-token", ip_address: null, user_agent: null, user_id: JSON.parse(fs.readFileSync(path.join(dir, DATABASE_DIR, "user.jsonl"), "utf8").split("\n")[0]!).id, created_at: "2024-01-01T00:00:00.000+00:00", updated_at: "2024-01-01T00:00:00.000+00:00" })}\n`,
      );
      editManifest(dir, (manifest) => {
        manifest.tables.push({
          name: "session",
          rows: 1,
          columns: ["id", "expires_at", "token", "ip_address", "user_agent", "user_id", "created_at", "updated_at"],
        });
      });
    });
    const target = await newTarget();
    await restoreBackup(older, { ...target, workDir: target.dataDir });
    const sessions = await target.database.db.execute<{ n: number }>(sql`select count(*)::int as n from session`);
    expect(sessions.rows[0]!.n).toBe(0);
    const users = await target.database.db.execute<{ n: number }>(sql`select count(*)::int as n from "user"`);
    expect(users.rows[0]!.n).toBe(2);
  });

  test("two-factor secrets stay out of the archive, and a restore turns two-factor off so nobody is locked out", async () => {
    const { manifest } = await inspectArchive(archive);
    expect(manifest.tables.map((table) => table.name)).not.toContain("two_factor");
    // An archive whose account says it has two-factor (and, made by hand, its secret).
    const older = await repack(archive, (dir) => {
      const usersFile = path.join(dir, DATABASE_DIR, "user.jsonl");
      const users = fs
        .readFileSync(usersFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      users[0]!.two_factor_enabled = true;
      fs.writeFileSync(usersFile, users.map((user) => `${JSON.stringify(user)}\n`).join(""));
      fs.writeFileSync(
        path.join(dir, DATABASE_DIR, "two_factor.jsonl"),
        `${JSON.stringify({ id: "00000000-0000-4000-8000-000000000002", secret: "x", backup_codes: "y", user_id: users[0]!.id, verified: true, failed_verification_count: 0, locked_until: null })}\n`,
      );
      editManifest(dir, (manifest) => {
        manifest.tables.push({
          name: "two_factor",
          rows: 1,
          columns: ["id", "secret", "backup_codes", "user_id", "verified", "failed_verification_count", "locked_until"],
        });
      });
    });
    const target = await newTarget();
    await restoreBackup(older, { ...target, workDir: target.dataDir });
    const secrets = await target.database.db.execute<{ n: number }>(sql`select count(*)::int as n from two_factor`);
    expect(secrets.rows[0]!.n).toBe(0);
    const enabled = await target.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from "user" where two_factor_enabled`,
    );
    expect(enabled.rows[0]!.n).toBe(0);
  });

  test("a restore gives back every row and every file, byte for byte", async () => {
    const target = await newTarget();
    const summary = await restoreBackup(archive, { ...target, workDir: target.dataDir });

    expect(await dumpTables(target.database)).toEqual(sourceDump);
    expect(await readFiles(target.uploadsDir)).toEqual(await readFiles(sourceUploads));
    expect(summary.files).toBe(Object.keys(FILES).length + 1);
    expect(summary.tables.find((table) => table.name === "industry_types")!.rows).toBe(2345);
    expect(stagingLeftovers(target.dataDir)).toEqual([]);

    // The types really came back as types, not as text that looks right.
    const [project] = await target.database.db
      .select()
      .from(schema.projects)
      .where(sql`${schema.projects.projectName} = 'big-fun-center'`);
    expect(project).toMatchObject({
      salePrice: "1234.50",
      mainPlaygroundWidth: "0.05",
      sqFeet: "9999999999.99",
      endDate: "2025-02-28",
      isFeatured: true,
      capacity: 120,
      description: null,
    });
    const [ann] = await target.database.db
      .select()
      .from(schema.user)
      .where(sql`${schema.user.email} = 'ann@example.com'`);
    expect(ann!.createdAt.toISOString()).toBe("2024-01-02T03:04:05.678Z");
    expect(ann!.updatedAt.toISOString()).toBe("2024-06-07T08:09:10.111Z");
  });

  test("a backup of the restored database is the same backup", async () => {
    const target = await newTarget();
    await restoreBackup(archive, { ...target, workDir: target.dataDir });
    const again = path.join(tempDir("backup-again"), "again.tar.gz");
    await writeBackupFile({ database: target.database, uploadsDir: target.uploadsDir, workDir: target.dataDir }, again);
    const [first, second] = [await repackedDatabase(archive), await repackedDatabase(again)];
    expect(second).toEqual(first);
  });

  test("rows are inserted parents first, whatever order the manifest lists them in", async () => {
    const scrambled = await repack(archive, (dir) =>
      editManifest(dir, (manifest) => {
        manifest.tables.reverse();
      }),
    );
    const target = await newTarget();
    await restoreBackup(scrambled, { ...target, workDir: target.dataDir });
    expect(await dumpTables(target.database)).toEqual(sourceDump);
  });

  test("refuses a target database that has rows, and leaves it as it was", async () => {
    const target = await newTarget();
    await migrateDatabase(target.database);
    await target.database.db.insert(schema.user).values({ name: "Zed", email: "zed@example.com" });
    const before = await dumpTables(target.database);

    await expect(restoreBackup(archive, { ...target, workDir: target.dataDir })).rejects.toThrow(
      /target database is not empty \(table "user" has rows\)/,
    );
    expect(await dumpTables(target.database)).toEqual(before);
    expect(await hasAnyFile(target.uploadsDir)).toBe(false);
    expect(stagingLeftovers(target.dataDir)).toEqual([]);
  });

  test("refuses a target whose uploads folder holds files, and touches neither", async () => {
    const target = await newTarget();
    writeFiles(target.uploadsDir, { "client-logos/123-ab.webp": Buffer.from("theirs") });

    await expect(restoreBackup(archive, { ...target, workDir: target.dataDir })).rejects.toThrow(/already holds files/);
    expect(await readFiles(target.uploadsDir)).toEqual({ "client-logos/123-ab.webp": Buffer.from("theirs") });
    expect(await tableNames(target.database)).toEqual([]);
  });

  test("a truncated archive is refused and nothing is left behind", async () => {
    const bytes = fs.readFileSync(archive);
    const truncated = path.join(tempDir("truncated"), "backup.tar.gz");
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = await newTarget();

    const failure = restoreBackup(truncated, { ...target, workDir: target.dataDir });
    await expect(failure).rejects.toThrow(BackupError);
    await expect(failure).rejects.toThrow(/damaged or not a Playfolio backup/);
    await expectNothingRestored(target);
  });

  test("a corrupted archive is refused and nothing is left behind", async () => {
    const bytes = Buffer.from(fs.readFileSync(archive));
    const middle = Math.floor(bytes.length / 3);
    for (let i = middle; i < middle + 60; i++) bytes[i] = bytes[i]! ^ 0xff;
    const corrupted = path.join(tempDir("corrupted"), "backup.tar.gz");
    fs.writeFileSync(corrupted, bytes);
    const target = await newTarget();

    await expect(restoreBackup(corrupted, { ...target, workDir: target.dataDir })).rejects.toThrow(BackupError);
    await expectNothingRestored(target);
  });

  test("rows that do not fit roll everything back, files included", async () => {
    // Contacts whose clients are gone: the failure comes after the files were placed.
    const broken = await repack(archive, (dir) => {
      fs.writeFileSync(path.join(dir, DATABASE_DIR, "clients.jsonl"), "");
      editManifest(dir, (manifest) => {
        manifest.tables.find((table) => table.name === "clients")!.rows = 0;
      });
    });
    const target = await newTarget();

    await expect(restoreBackup(broken, { ...target, workDir: target.dataDir })).rejects.toThrow(
      /Could not restore table "contacts"/,
    );
    await expectNothingRestored(target);
    expect(fs.existsSync(target.uploadsDir)).toBe(false);
  });

  test("a table with fewer rows than its manifest says is refused", async () => {
    const short = await repack(archive, (dir) => {
      const file = path.join(dir, DATABASE_DIR, "industry_types.jsonl");
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").split("\n").slice(0, 100).join("\n"));
    });
    const target = await newTarget();

    await expect(restoreBackup(short, { ...target, workDir: target.dataDir })).rejects.toThrow(
      /industry_types.jsonl has 100 rows where its manifest says 2345/,
    );
    await expectNothingRestored(target);
  });

  test("an archive missing upload files is refused", async () => {
    const short = await repack(archive, (dir) => fs.rmSync(path.join(dir, "uploads", "orphans"), { recursive: true }));
    const target = await newTarget();

    await expect(restoreBackup(short, { ...target, workDir: target.dataDir })).rejects.toThrow(
      /holds 4 upload files where its manifest says 5/,
    );
    await expectNothingRestored(target);
  });

  test("an archive made by a newer version is refused", async () => {
    const newer = await repack(archive, (dir) =>
      editManifest(dir, (manifest) => {
        manifest.migrations.push("9999_from-the-future");
      }),
    );
    const target = await newTarget();

    await expect(restoreBackup(newer, { ...target, workDir: target.dataDir })).rejects.toThrow(
      /made by a newer version of Playfolio \(it has migration 9999_from-the-future/,
    );
    expect(await tableNames(target.database)).toEqual([]);
    expect(stagingLeftovers(target.dataDir)).toEqual([]);

    const newerFormat = await repack(archive, (dir) =>
      editManifest(dir, (manifest) => {
        manifest.formatVersion = 2;
      }),
    );
    await expect(restoreBackup(newerFormat, { ...target, workDir: target.dataDir })).rejects.toThrow(
      /newer version of Playfolio \(archive format 2/,
    );
  });

  test("an archive whose migrations diverge from this code's is refused", async () => {
    const other = await repack(archive, (dir) =>
      editManifest(dir, (manifest) => {
        manifest.migrations[1] = "0001_something-else";
      }),
    );
    const target = await newTarget();
    await expect(restoreBackup(other, { ...target, workDir: target.dataDir })).rejects.toThrow(
      /do not match this version of Playfolio \(it has 0001_something-else where this version has 0001_/,
    );
  });

  test("a file that is not a Playfolio backup is refused", async () => {
    const notOurs = await repack(archive, (dir) => {
      fs.rmSync(path.join(dir, "manifest.json"));
    });
    const target = await newTarget();
    await expect(restoreBackup(notOurs, { ...target, workDir: target.dataDir })).rejects.toThrow(
      /not a Playfolio backup: it has no manifest.json/,
    );
    const text = path.join(tempDir("text"), "notes.tar.gz");
    fs.writeFileSync(text, "just some text");
    await expect(restoreBackup(text, { ...target, workDir: target.dataDir })).rejects.toThrow(BackupError);
    await expectNothingRestored(target);
  });

  test("a file the database refers to but that is gone is named in the manifest", async () => {
    // Added then deleted, so the other tests' copy of the source stays exact.
    await source.current().db.insert(schema.clients).values({ name: "Gone", logoKey: "client-logos/gone.webp" });
    try {
      const file = path.join(tempDir("backup-missing"), "backup.tar.gz");
      const { manifest } = await writeBackupFile(
        { database: source.current(), uploadsDir: sourceUploads, workDir: sourceDir },
        file,
      );
      expect(manifest.uploads.missing).toEqual(["client-logos/gone.webp"]);
    } finally {
      await source.current().db.execute(sql`delete from clients where name = 'Gone'`);
    }
  });

  test("without local uploads (S3), only the database is saved", async () => {
    const file = path.join(tempDir("backup-s3"), "backup.tar.gz");
    const { manifest } = await writeBackupFile(
      { database: source.current(), uploadsDir: null, workDir: sourceDir },
      file,
    );
    expect(manifest.uploads).toEqual({ included: false, files: 0, bytes: 0, missing: [] });
    const target = await newTarget();
    await restoreBackup(file, { ...target, workDir: target.dataDir });
    expect(await dumpTables(target.database)).toEqual(sourceDump);
    expect(await hasAnyFile(target.uploadsDir)).toBe(false);
  });
});

/** The database part of an archive, which must not change through a restore. */
async function repackedDatabase(file: string): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  await repack(file, (dir) => {
    for (const name of fs.readdirSync(path.join(dir, DATABASE_DIR))) {
      contents[name] = fs.readFileSync(path.join(dir, DATABASE_DIR, name), "utf8");
    }
  });
  return contents;
}
